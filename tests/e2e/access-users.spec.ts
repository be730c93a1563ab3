import { type Page } from '@playwright/test'
import {
  ACCESS,
  ADMIN,
  deleteTeam,
  signInStatus,
  teamWithKey,
  uniqueSuffix,
} from './support/access.ts'
import { deleteUser } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'

// Admin → Access Management → Managed Users (dt-screens §19.7, dt-api-admin §10.3): create a
// user, put it in a team, change its password, suspend it, delete it.

const toast = (page: Page) => page.getByTestId('toast')

test('an administrator creates a managed user, adds it to a team, changes its password, suspends and deletes it', async ({
  page,
  baseURL,
}) => {
  const run = uniqueSuffix()
  const username = `dev-${run}`
  const team = await teamWithKey(baseURL!, `Developers ${run}`, ['VIEW_PORTFOLIO'])
  await signIn(page, ADMIN, `${ACCESS}/managedUsers`)
  await expect(page.getByRole('heading', { name: 'Managed Users', level: 1 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Managed users' })).toContainText('admin')
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Create user' }).click()
  const create = page.getByRole('dialog', { name: 'Create managed user' })
  await create.getByLabel('Username').fill(username)
  await create.getByLabel('Full name').fill('Dana Developer')
  await create.getByLabel('E-mail address').fill(`${username}@example.test`)
  await create.getByLabel('Password', { exact: true }).fill('first-Password-1')
  await create.getByLabel('Confirm password').fill('something else')
  await create.getByLabel('Password never expires').check()
  await expectNoAxeViolations(page)
  await create.getByRole('button', { name: 'Create user' }).click()
  await expect(create.getByText('The passwords do not match')).toBeVisible()
  await expect(create.getByLabel('Username')).toHaveValue(username)
  await create.getByLabel('Password', { exact: true }).fill('first-Password-1')
  await create.getByLabel('Confirm password').fill('first-Password-1')
  await create.getByRole('button', { name: 'Create user' }).click()
  await expect(toast(page)).toContainText(`User ${username} created`)
  await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible()
  await expect(page.getByLabel('Password never expires')).toBeChecked()
  expect((await signInStatus(baseURL!, username, 'first-Password-1')).status).toBe(200)

  // A taken username is refused in the dialog.
  await page.goto(`${ACCESS}/managedUsers?create`)
  await create.getByLabel('Username').fill(username)
  await create.getByLabel('Full name').fill('Copy')
  await create.getByLabel('E-mail address').fill('copy@example.test')
  await create.getByLabel('Password', { exact: true }).fill('x')
  await create.getByLabel('Confirm password').fill('x')
  await create.getByRole('button', { name: 'Create user' }).click()
  await expect(create.getByText('A user with this username already exists.')).toBeVisible()

  await page.goto(`${ACCESS}/managedUsers`)
  await page.getByLabel('Search by username, full name or email').fill('Dana')
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  const rows = page.getByRole('table', { name: 'Managed users' }).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first().locator('td')).toHaveText([
    username,
    'Dana Developer',
    `${username}@example.test`,
    '0',
  ])
  await rows.getByRole('link', { name: username }).click()

  await page.getByRole('link', { name: 'Add to teams' }).click()
  const picker = page.getByRole('dialog', { name: `Add ${username} to teams` })
  await picker.getByLabel('Search teams by name').fill(run)
  await picker.getByRole('button', { name: 'Apply' }).click()
  await expect(picker.locator('tbody tr')).toHaveCount(1)
  await expectNoAxeViolations(page)
  await picker.getByLabel(`Select Developers ${run}`).check()
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(toast(page)).toContainText('Teams joined: 1')
  const memberships = page.getByRole('list', { name: 'Team membership (1)' })
  await expect(memberships.getByRole('link', { name: `Developers ${run}` })).toBeVisible()
  await expect(page.getByText('Also held through teams')).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Change password' }).click()
  const password = page.getByRole('dialog', { name: `Change the password of ${username}` })
  await password.getByLabel('Password', { exact: true }).fill('second-Password-2')
  await password.getByLabel('Confirm password').fill('second-Password-2')
  await expectNoAxeViolations(page)
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(toast(page)).toContainText(`Password of ${username} changed`)
  expect((await signInStatus(baseURL!, username, 'first-Password-1')).status).toBe(401)
  expect((await signInStatus(baseURL!, username, 'second-Password-2')).status).toBe(200)

  // The row editor saves as it changes: a switch at once, text after a pause.
  await page.getByLabel('Suspended').check()
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible()
  await expect
    .poll(async () => (await signInStatus(baseURL!, username, 'second-Password-2')).text)
    .toBe('SUSPENDED')
  await page.getByLabel('Full name').fill('Dana D. Developer')
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Full name')).toHaveValue('Dana D. Developer')
  await expect(page.getByLabel('Suspended')).toBeChecked()

  // The team lists the user; removing it there ends the membership.
  await memberships.getByRole('link', { name: `Developers ${run}` }).click()
  const members = page.getByRole('list', { name: 'Managed Users (1)' })
  await expect(members.getByRole('link', { name: username })).toBeVisible()
  await members.getByRole('button', { name: `Remove ${username} from Developers ${run}` }).click()
  await expect(toast(page)).toContainText(`${username} removed from the team`)
  await expect(page.getByText('This team has no members.')).toBeVisible()

  await page.goto(`${ACCESS}/managedUsers/${username}`)
  await page.getByRole('link', { name: 'Delete user' }).click()
  const remove = page.getByRole('dialog', { name: 'Delete user' })
  await expect(remove).toContainText(`Delete the user ${username}?`)
  await remove.getByRole('button', { name: 'Delete user' }).click()
  await expect(page).toHaveURL(`${ACCESS}/managedUsers`)
  await expect(toast(page)).toContainText(`User ${username} deleted`)
  expect((await signInStatus(baseURL!, username, 'second-Password-2')).status).toBe(401)
  await deleteTeam(baseURL!, team.uuid)
})

test('direct permissions are granted and revoked through the picker', async ({ page, baseURL }) => {
  const username = `perm-${uniqueSuffix()}`
  await signIn(page, ADMIN, `${ACCESS}/managedUsers?create`)
  const create = page.getByRole('dialog', { name: 'Create managed user' })
  await create.getByLabel('Username').fill(username)
  await create.getByLabel('Full name').fill('Pat Permission')
  await create.getByLabel('E-mail address').fill(`${username}@example.test`)
  await create.getByLabel('Password', { exact: true }).fill('pw-Permission-1')
  await create.getByLabel('Confirm password').fill('pw-Permission-1')
  await create.getByRole('button', { name: 'Create user' }).click()
  await expect(page.getByText('No permissions granted directly.')).toBeVisible()

  await page.getByRole('link', { name: 'Grant permissions' }).click()
  const picker = page.getByRole('dialog', { name: `Grant permissions to ${username}` })
  await expect(picker.getByText('Showing 1 to 10 of 14')).toBeVisible()
  await picker.getByRole('link', { name: 'Next' }).click()
  await expect(picker.getByText('Showing 11 to 14 of 14')).toBeVisible()
  await picker.getByLabel('Select VIEW_PORTFOLIO').check()
  await picker.getByLabel('Select VIEW_VULNERABILITY').check()
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(toast(page)).toContainText('Permissions granted: 2')
  const list = page.getByRole('list', { name: 'Permissions (2)' })
  await expect(list).toContainText('VIEW_PORTFOLIO')

  await page.getByRole('link', { name: 'Grant permissions' }).click()
  await picker.getByLabel('Search permissions').fill('VIEW_PORTFOLIO')
  await picker.getByRole('button', { name: 'Apply' }).click()
  await expect(picker.getByLabel('Select VIEW_PORTFOLIO')).toBeDisabled()
  await expect(picker.getByText('Already added')).toBeVisible()
  await picker.getByRole('link', { name: 'Cancel' }).click()

  await list.getByRole('button', { name: `Revoke VIEW_VULNERABILITY from ${username}` }).click()
  await expect(toast(page)).toContainText('Permission VIEW_VULNERABILITY revoked')
  await expect(page.getByRole('list', { name: 'Permissions (1)' })).not.toContainText(
    'VIEW_VULNERABILITY',
  )
  await deleteUser(baseURL!, username)
})

test('by keyboard: a user is created, put in a team through the picker, and the picker closes with Escape', async ({
  page,
  baseURL,
}) => {
  const run = uniqueSuffix()
  const username = `keys-${run}`
  const team = await teamWithKey(baseURL!, `Keyboard ${run}`)
  await signIn(page, ADMIN, `${ACCESS}/managedUsers`)

  await page.getByRole('link', { name: 'Create user' }).focus()
  await page.keyboard.press('Enter')
  const create = page.getByRole('dialog', { name: 'Create managed user' })
  await expect(create.getByLabel('Username')).toBeFocused()
  for (const value of [username, 'Kim Keys', `${username}@example.test`]) {
    await page.keyboard.type(value)
    await page.keyboard.press('Tab')
  }
  await page.keyboard.type('keys-Password-1')
  await page.keyboard.press('Tab')
  await page.keyboard.type('keys-Password-1')
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { name: username, level: 1 })).toBeVisible()

  const add = page.getByRole('link', { name: 'Add to teams' })
  await add.focus()
  await page.keyboard.press('Enter')
  const picker = page.getByRole('dialog', { name: `Add ${username} to teams` })
  await expect(picker.getByLabel('Search teams by name')).toBeFocused()
  await page.keyboard.type(run)
  await page.keyboard.press('Enter')
  await expect(picker.locator('tbody tr')).toHaveCount(1)
  await picker.getByLabel(`Select Keyboard ${run}`).focus()
  await page.keyboard.press('Space')
  await picker.getByRole('button', { name: 'Add selected' }).focus()
  await page.keyboard.press('Enter')
  await expect(toast(page)).toContainText('Teams joined: 1')

  await add.focus()
  await page.keyboard.press('Enter')
  await expect(picker).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(picker).toHaveCount(0)
  await expect(add).toBeFocused()
  await deleteUser(baseURL!, username)
  await deleteTeam(baseURL!, team.uuid)
})
