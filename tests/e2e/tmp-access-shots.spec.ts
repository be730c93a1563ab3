import { signIn, test } from './support/fixtures.ts'
import { ADMIN_PASSWORD } from './support/api.ts'

const ADMIN = { username: 'admin', password: ADMIN_PASSWORD }

test('shots', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, ADMIN, '/admin/accessManagement/managedUsers')
  const shot = async (name: string) => {
    for (const [w, h] of [[1400, 900], [420, 900]] as const) {
      await page.setViewportSize({ width: w, height: h })
      await page.screenshot({ path: `/tmp/acshots/${name}-${w}.png`, fullPage: true })
    }
    await page.setViewportSize({ width: 1400, height: 900 })
  }
  await shot('managed-list')
  await page.goto('/admin/accessManagement/managedUsers?create')
  await shot('managed-create')
  await page.goto('/admin/accessManagement/managedUsers/admin')
  await shot('managed-admin')
  await page.goto('/admin/accessManagement/managedUsers/admin?pick=teams')
  await shot('managed-pick-teams')
  await page.goto('/admin/accessManagement/teams')
  await shot('teams')
  await page.getByRole('link', { name: 'Automation' }).click()
  await page.waitForURL(/teams\//)
  await shot('team')
  await page.getByRole('link', { name: 'Create API key' }).click()
  await shot('team-create-key')
  await page.getByRole('button', { name: 'Create key' }).click()
  await page.getByRole('dialog', { name: 'API key created' }).waitFor()
  await shot('team-key-shown')
  await page.getByRole('link', { name: 'I have copied the key' }).click()
  await page.emulateMedia({ colorScheme: 'dark' })
  await shot('team-dark')
  await page.goto(page.url() + '?pick=ldapGroups')
  await shot('team-ldap')
  await page.goto('/admin/accessManagement/ldapUsers')
  await shot('ldap-list')
})
