import { type Page } from '@playwright/test'
import { ACCESS, ADMIN, deleteTeam, teamWithKey, uniqueSuffix } from './support/access.ts'
import { apiFor } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { OIDC_ADMIN_PASSWORD, OIDC_BUTTON, startOidcSetup } from './support/oidc-server.ts'

// LDAP Users, OpenID Connect Users and a team's mapped groups (dt-screens §19.7). The shared
// server has no directory and no identity provider, as most installations start: users are
// created by hand, LDAP group search says it is not configured. The last test signs a user in
// through a real OpenID provider to see the groups it reported (beyond 4.13, DT#5023).

const toast = (page: Page) => page.getByTestId('toast')

for (const kind of [
  {
    path: 'ldapUsers',
    title: 'LDAP Users',
    create: 'Create LDAP user',
    table: 'LDAP users',
    identity: 'Syncing...',
    neverSeen: 'The directory has not reported any groups for this user yet.',
  },
  {
    path: 'oidcUsers',
    title: 'OpenID Connect Users',
    create: 'Create OpenID Connect user',
    table: 'OpenID Connect users',
    identity: 'Not signed in yet',
    neverSeen: 'The identity provider has not reported any groups for this user yet.',
  },
]) {
  test(`${kind.title}: a user created by hand gets a team and a permission, then is deleted`, async ({
    page,
    baseURL,
  }) => {
    const run = uniqueSuffix()
    const username = `${kind.path.slice(0, 4)}-${run}`
    const team = await teamWithKey(baseURL!, `Directory ${run}`)
    await signIn(page, ADMIN, `${ACCESS}/${kind.path}`)
    await expect(page.getByRole('heading', { name: kind.title, level: 1 })).toBeVisible()
    await expectNoAxeViolations(page)

    await page.getByRole('link', { name: 'Create user' }).click()
    const create = page.getByRole('dialog', { name: kind.create })
    await create.getByRole('button', { name: 'Create user' }).click()
    await expect(create.getByText('This field is required')).toBeVisible()
    await create.getByLabel('Username').fill(username)
    await expectNoAxeViolations(page)
    await create.getByRole('button', { name: 'Create user' }).click()
    await expect(toast(page)).toContainText(`User ${username} created`)
    await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible()
    await expect(page.getByText(kind.identity)).toBeVisible()
    await expect(page.getByText(kind.neverSeen)).toBeVisible()
    await expectNoAxeViolations(page)

    await page.getByRole('link', { name: 'Add to teams' }).click()
    const teams = page.getByRole('dialog', { name: `Add ${username} to teams` })
    await teams.getByLabel('Search teams by name').fill(run)
    await teams.getByRole('button', { name: 'Apply' }).click()
    await teams.getByLabel(`Select Directory ${run}`).check()
    await teams.getByRole('button', { name: 'Add selected' }).click()
    await expect(toast(page)).toContainText('Teams joined: 1')

    await page.getByRole('link', { name: 'Grant permissions' }).click()
    const permissions = page.getByRole('dialog', { name: `Grant permissions to ${username}` })
    await permissions.getByLabel('Search permissions').fill('VIEW_POLICY')
    await permissions.getByRole('button', { name: 'Apply' }).click()
    await permissions.getByLabel('Select VIEW_POLICY_VIOLATION').check()
    await permissions.getByRole('button', { name: 'Add selected' }).click()
    await expect(page.getByRole('list', { name: 'Permissions (1)' })).toContainText(
      'VIEW_POLICY_VIOLATION',
    )

    await page.goto(`${ACCESS}/${kind.path}?searchText=${run}`)
    const rows = page.getByRole('table', { name: kind.table }).locator('tbody tr')
    await expect(rows).toHaveCount(1)
    await expect(rows.first().locator('td')).toHaveText([
      username,
      kind.path === 'ldapUsers' ? 'Syncing...' : '',
      '1',
    ])
    await rows.getByRole('link', { name: username }).click()

    await page.getByRole('link', { name: 'Delete user' }).click()
    await page
      .getByRole('dialog', { name: 'Delete user' })
      .getByRole('button', { name: 'Delete user' })
      .click()
    await expect(toast(page)).toContainText(`User ${username} deleted`)
    await expect(page).toHaveURL(`${ACCESS}/${kind.path}`)
    await deleteTeam(baseURL!, team.uuid)
  })
}

test('a team maps OpenID Connect groups through the picker and shows mapped LDAP groups; LDAP search says it is not configured', async ({
  page,
  baseURL,
}) => {
  const run = uniqueSuffix()
  const team = await teamWithKey(baseURL!, `Mapped ${run}`)
  const api = apiFor(baseURL!)
  const token = await api.adminToken()
  await api.put('/api/v1/oidc/group', { token, json: { name: `oidc-${run}-developers` } })
  await api.put('/api/v1/oidc/group', { token, json: { name: `oidc-${run}-operators` } })
  const dn = `cn=${run},ou=groups,dc=example,dc=org`
  await api.put('/api/v1/ldap/mapping', { token, json: { team: team.uuid, dn } })
  await signIn(page, ADMIN, `${ACCESS}/teams/${team.uuid}`)

  const ldap = page.getByRole('list', { name: 'Mapped LDAP groups (1)' })
  await expect(ldap).toContainText(dn)
  await page.getByRole('link', { name: 'Map LDAP groups' }).click()
  const ldapPicker = page.getByRole('dialog', { name: `Map LDAP groups to Mapped ${run}` })
  await expect(ldapPicker).toContainText('LDAP is not configured')
  await expect(ldapPicker.getByRole('button', { name: 'Add selected' })).toBeDisabled()
  await expectNoAxeViolations(page)
  await ldapPicker.getByRole('link', { name: 'Cancel' }).click()
  await ldap.getByRole('button', { name: `Unmap ${dn} from Mapped ${run}` }).click()
  await expect(toast(page)).toContainText('Group mapping removed')
  await expect(page.getByText('No LDAP groups are mapped.')).toBeVisible()

  await page.getByRole('link', { name: 'Map OpenID Connect groups' }).click()
  const picker = page.getByRole('dialog', { name: `Map OpenID Connect groups to Mapped ${run}` })
  await picker.getByLabel('Search groups by name').fill(`oidc-${run}`)
  await picker.getByRole('button', { name: 'Apply' }).click()
  await expect(picker.locator('tbody tr')).toHaveCount(2)
  await expectNoAxeViolations(page)
  await picker.getByLabel(`Select oidc-${run}-developers`).check()
  await picker.getByLabel(`Select oidc-${run}-operators`).check()
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(toast(page)).toContainText('Groups mapped: 2')
  const oidc = page.getByRole('list', { name: 'Mapped OpenID Connect groups (2)' })
  await expect(oidc).toContainText(`oidc-${run}-developers`)

  await oidc.getByRole('button', { name: `Unmap oidc-${run}-operators from Mapped ${run}` }).click()
  await expect(toast(page)).toContainText('Group mapping removed')
  await expect(page.getByRole('list', { name: 'Mapped OpenID Connect groups (1)' })).toBeVisible()
  await deleteTeam(baseURL!, team.uuid)
})

test.describe('groups an identity provider reported', () => {
  let oidc: Awaited<ReturnType<typeof startOidcSetup>>

  test.beforeAll(async () => {
    test.setTimeout(180_000)
    oidc = await startOidcSetup()
  })

  test.afterAll(async () => {
    await oidc?.stop()
  })

  test('an OpenID Connect user shows the groups of its last sign-in and when', async ({ page }) => {
    const { baseUrl } = oidc.server
    await page.goto(`${baseUrl}/login`)
    await page.getByRole('link', { name: OIDC_BUTTON }).click()
    await page.getByLabel('Provider username').fill('dana')
    await page.getByRole('button', { name: 'Continue' }).click()
    await page.waitForURL((url) => url.origin === baseUrl && !url.pathname.startsWith('/login'))
    await page.context().clearCookies()

    // With an identity provider the password form waits behind "More options".
    await page.goto(`${baseUrl}/login?redirect=${encodeURIComponent(`${ACCESS}/oidcUsers`)}`)
    await page.getByText('More options').click()
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill(OIDC_ADMIN_PASSWORD)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    await expect(page).toHaveURL(`${baseUrl}${ACCESS}/oidcUsers`)
    const rows = page.getByRole('table', { name: 'OpenID Connect users' }).locator('tbody tr')
    await expect(rows.first().locator('td')).toHaveText(['dana', 'sub-dana', '1'])
    await rows.getByRole('link', { name: 'dana' }).click()
    const facts = page.getByRole('region', { name: 'Account' })
    await expect(facts).toContainText('dana@example.test')
    await expect(facts.getByRole('listitem')).toHaveText(['platform-engineers'])
    await expect(facts).toContainText(/Reported \d/)
    // The reported group is why the user is in Platform, the team it is mapped to.
    await expect(page.getByRole('list', { name: 'Team membership (1)' })).toContainText('Platform')
    await expectNoAxeViolations(page)
  })
})
