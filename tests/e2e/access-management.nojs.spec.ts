import { type Page } from '@playwright/test'
import { ACCESS, ADMIN, signInStatus, uniqueSuffix, uploadWithKey } from './support/access.ts'
import { createProject } from './support/api.ts'
import { expect, signIn, test } from './support/fixtures.ts'

// The administration flow of access-teams and access-users with JavaScript off: every dialog
// is an address, every change a plain form post, the row editors save with their buttons.

const toast = (page: Page) => page.getByTestId('toast')

test('without JavaScript: a CI team with BOM_UPLOAD and a key shown once; a user joins it, gets a new password and is suspended', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const run = uniqueSuffix()
  const name = `Nojs CI ${run}`
  const username = `nojs-${run}`
  const project = await createProject(baseURL!, { name: `nojs-target-${run}` })
  await signIn(page, ADMIN, `${ACCESS}/teams`)

  await page.getByRole('link', { name: 'Create team' }).click()
  await page.getByRole('dialog', { name: 'Create team' }).getByLabel('Team name').fill(name)
  await page
    .getByRole('dialog', { name: 'Create team' })
    .getByRole('button', { name: 'Create team' })
    .click()
  await expect(toast(page)).toContainText(`Team ${name} created`)

  await page.getByRole('link', { name: 'Grant permissions' }).click()
  const picker = page.getByRole('dialog', { name: `Grant permissions to ${name}` })
  await picker.getByLabel('Search permissions').fill('BOM_UPLOAD')
  await picker.getByRole('button', { name: 'Apply' }).click()
  await expect(picker.locator('tbody tr')).toHaveCount(1)
  await picker.getByLabel('Select BOM_UPLOAD').check()
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(toast(page)).toContainText('Permissions granted: 1')

  await page.getByRole('link', { name: 'Create API key' }).click()
  await page
    .getByRole('dialog', { name: 'Create API key' })
    .getByRole('button', { name: 'Create key' })
    .click()
  const shown = page.getByRole('dialog', { name: 'API key created' })
  const key = await shown.getByLabel('Full API key').inputValue()
  await expect(shown.getByRole('button', { name: 'Copy' })).toHaveCount(0)
  await shown.getByRole('link', { name: 'I have copied the key' }).click()
  await expect(shown).toHaveCount(0)
  expect(await page.content()).not.toContain(key.slice(13))
  expect((await uploadWithKey(baseURL!, key, project.uuid)).status).toBe(200)

  // Rename with the Save button the script would have made unnecessary.
  await page.getByLabel('Team name').fill(`${name} renamed`)
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(toast(page)).toContainText('Team renamed')
  await expect(page.getByRole('heading', { name: `${name} renamed`, level: 1 })).toBeVisible()

  await page.goto(`${ACCESS}/managedUsers`)
  await page.getByRole('link', { name: 'Create user' }).click()
  const create = page.getByRole('dialog', { name: 'Create managed user' })
  await create.getByLabel('Username').fill(username)
  await create.getByLabel('Full name').fill('No Script')
  await create.getByLabel('E-mail address').fill(`${username}@example.test`)
  await create.getByLabel('Password', { exact: true }).fill('nojs-Password-1')
  await create.getByLabel('Confirm password').fill('nojs-Password-2')
  await create.getByRole('button', { name: 'Create user' }).click()
  await expect(create.getByText('The passwords do not match')).toBeVisible()
  await create.getByLabel('Password', { exact: true }).fill('nojs-Password-1')
  await create.getByLabel('Confirm password').fill('nojs-Password-1')
  await create.getByRole('button', { name: 'Create user' }).click()
  await expect(toast(page)).toContainText(`User ${username} created`)

  await page.getByRole('link', { name: 'Add to teams' }).click()
  const teams = page.getByRole('dialog', { name: `Add ${username} to teams` })
  await teams.getByLabel('Search teams by name').fill(run)
  await teams.getByRole('button', { name: 'Apply' }).click()
  await teams.getByLabel(`Select ${name} renamed`).check()
  await teams.getByRole('button', { name: 'Add selected' }).click()
  await expect(toast(page)).toContainText('Teams joined: 1')
  await expect(page.getByRole('list', { name: 'Team membership (1)' })).toContainText(
    `${name} renamed`,
  )

  await page.getByRole('link', { name: 'Change password' }).click()
  const password = page.getByRole('dialog', { name: `Change the password of ${username}` })
  await password.getByLabel('Password', { exact: true }).fill('nojs-Password-3')
  await password.getByLabel('Confirm password').fill('nojs-Password-3')
  await password.getByRole('button', { name: 'Change password' }).click()
  await expect(toast(page)).toContainText(`Password of ${username} changed`)
  expect((await signInStatus(baseURL!, username, 'nojs-Password-3')).status).toBe(200)

  await page.getByLabel('Suspended').check()
  await page.getByLabel('E-mail address').fill('')
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(page.getByText('This field is required')).toBeVisible()
  expect((await signInStatus(baseURL!, username, 'nojs-Password-3')).status).toBe(200)
  await page.getByLabel('E-mail address').fill(`${username}@example.test`)
  await page.getByRole('button', { name: 'Save profile' }).click()
  await expect(toast(page)).toContainText('User saved')
  await expect(page.getByLabel('Suspended')).toBeChecked()
  expect((await signInStatus(baseURL!, username, 'nojs-Password-3')).text).toBe('SUSPENDED')

  await page
    .getByRole('list', { name: 'Team membership (1)' })
    .getByRole('button', { name: `Remove ${username} from the team ${name} renamed` })
    .click()
  await expect(toast(page)).toContainText(`Removed from the team ${name} renamed`)

  await page.getByRole('link', { name: 'Delete user' }).click()
  await page
    .getByRole('dialog', { name: 'Delete user' })
    .getByRole('button', { name: 'Delete user' })
    .click()
  await expect(toast(page)).toContainText(`User ${username} deleted`)
  await expect(page).toHaveURL(`${ACCESS}/managedUsers`)
})
