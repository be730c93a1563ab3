import { startFreshServer } from './support/fresh-server.ts'
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts'

test('first sign-in as admin/admin leads through the forced password change to the dashboard', async ({
  page,
}) => {
  // A brand-new server creates its database first.
  test.slow()
  const server = await startFreshServer()
  try {
    await page.goto(`${server.baseUrl}/dashboard`)
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    await expectNoAxeViolations(page)

    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill('admin')
    await page.getByRole('button', { name: 'Sign in' }).click()

    await expect(page).toHaveURL(/\/change-password\?/)
    await expect(page.getByRole('heading', { name: 'Update password' })).toBeVisible()
    await expect(page.getByLabel('Username')).toHaveValue('admin')
    await expectNoAxeViolations(page)

    await page.getByLabel('Current password').fill('admin')
    await page.getByLabel('New password', { exact: true }).fill('admin')
    await page.getByLabel('Confirm new password').fill('admin')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByRole('alert')).toContainText("You can't re-use your old password")

    await page.getByLabel('Current password').fill('admin')
    await page.getByLabel('New password', { exact: true }).fill('A-new-Passw0rd')
    await page.getByLabel('Confirm new password').fill('A-new-Passw0rd')
    await page.getByRole('button', { name: 'Change password' }).click()

    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
    await expect(page.getByTestId('toast')).toContainText('Password changed')
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill('A-new-Passw0rd')
    await page.getByRole('button', { name: 'Sign in' }).click()

    await expect(page).toHaveURL(`${server.baseUrl}/dashboard`)
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Main navigation' })
    for (const entry of [
      'Projects',
      'Components',
      'Vulnerability Audit',
      'Policy Management',
      'Administration',
    ]) {
      await expect(nav.getByRole('link', { name: entry })).toBeVisible()
    }
    await expectNoAxeViolations(page)
  } finally {
    await server.stop()
  }
})
