import { ACCESS } from './support/access.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'

// Who sees Access Management (dt-screens §20): its pages need ACCESS_MANAGEMENT. Lookout shows
// the administration frame to holders of ACCESS_MANAGEMENT or SYSTEM_CONFIGURATION and, inside
// it, only the sections the reader may open.

test('ACCESS_MANAGEMENT alone opens Administration on Access Management, and nothing else of it', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['ACCESS_MANAGEMENT'])
  await signIn(page, user)
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Administration' })
    .click()
  await expect(page).toHaveURL(`${ACCESS}/ldapUsers`)
  const menu = page.getByRole('navigation', { name: 'Administration menu' })
  await expect(menu.getByText('Access Management')).toBeVisible()
  await expect(menu.getByText('Configuration')).toHaveCount(0)
  await expect(menu.getByText('Analyzers')).toHaveCount(0)
  for (const name of ['LDAP Users', 'Managed Users', 'OpenID Connect Users', 'Teams']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
  }
  await expect(page.getByRole('heading', { name: 'LDAP Users', level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.goto('/admin/configuration/general')
  await expect(page).toHaveURL('/dashboard')
  await expect(page.getByTestId('toast')).toContainText('Forbidden (403)')
})

test('without ACCESS_MANAGEMENT the section is absent and its pages refuse', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'SYSTEM_CONFIGURATION'])
  await signIn(page, user, '/admin')
  const menu = page.getByRole('navigation', { name: 'Administration menu' })
  await expect(menu.getByText('Configuration')).toBeVisible()
  await expect(menu.getByText('Access Management')).toHaveCount(0)
  for (const path of ['managedUsers', 'ldapUsers', 'oidcUsers', 'teams', 'managedUsers/admin']) {
    await page.goto(`${ACCESS}/${path}`)
    await expect(page).toHaveURL('/dashboard')
    await expect(page.getByTestId('toast')).toContainText('Forbidden (403)')
  }
})

test('without either permission Administration is not in the sidebar', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user)
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', {
      name: 'Administration',
    }),
  ).toHaveCount(0)
  await page.goto(`${ACCESS}/teams`)
  await expect(page).toHaveURL('/dashboard')
})
