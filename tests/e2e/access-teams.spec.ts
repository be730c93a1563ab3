import { type Page } from '@playwright/test'
import {
  ACCESS,
  ADMIN,
  deleteTeam,
  teamWithKey,
  uniqueSuffix,
  uploadWithKey,
} from './support/access.ts'
import { apiFor, createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'

// Admin → Access Management → Teams (dt-screens §19.7, dt-api-admin §10.5): a team for a CI
// pipeline, its permission, a key shown once, and the key doing what the permission allows.

const toast = (page: Page) => page.getByTestId('toast')

test('an administrator sets up a CI team whose key uploads a BOM, while a key without BOM_UPLOAD is refused', async ({
  page,
  baseURL,
}) => {
  // "Last used" is recorded in batches (every 30 s, as 4.13 does), so this test waits for it.
  test.setTimeout(120_000)
  const name = `CI ${uniqueSuffix()}`
  const project = await createProject(baseURL!, { name: `ci-target-${uniqueSuffix()}` })
  const other = await teamWithKey(baseURL!, `No upload ${uniqueSuffix()}`, ['VIEW_PORTFOLIO'])
  await signIn(page, ADMIN, `${ACCESS}/teams`)
  await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Teams' }).first()).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Create team' }).click()
  const create = page.getByRole('dialog', { name: 'Create team' })
  await expect(create.getByLabel('Team name')).toBeFocused()
  await create.getByLabel('Team name').fill(name)
  await create.getByRole('button', { name: 'Create team' }).click()
  await expect(toast(page)).toContainText(`Team ${name} created`)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByText('This team has no API keys.')).toBeVisible()

  await page.getByRole('link', { name: 'Grant permissions' }).click()
  const picker = page.getByRole('dialog', { name: `Grant permissions to ${name}` })
  await picker.getByLabel('Search permissions').fill('upload')
  await picker.getByRole('button', { name: 'Apply' }).click()
  await expect(picker.locator('tbody tr')).toHaveCount(2)
  await expectNoAxeViolations(page)
  await picker.getByLabel('Select BOM_UPLOAD').check()
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(toast(page)).toContainText('Permissions granted: 1')
  const permissions = page.getByRole('list', { name: 'Permissions (1)' })
  await expect(permissions).toContainText('BOM_UPLOAD')

  await page.getByRole('link', { name: 'Create API key' }).click()
  const keyForm = page.getByRole('dialog', { name: 'Create API key' })
  await keyForm.getByLabel('Comment', { exact: true }).fill('release pipeline')
  await expectNoAxeViolations(page)
  await keyForm.getByRole('button', { name: 'Create key' }).click()
  const shown = page.getByRole('dialog', { name: 'API key created' })
  await expect(shown).toContainText('It will not be shown again')
  const key = await shown.getByLabel('Full API key').inputValue()
  expect(key).toMatch(/^odt_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/)
  await expectNoAxeViolations(page)
  await shown.getByRole('link', { name: 'I have copied the key' }).click()
  await expect(shown).toHaveCount(0)

  // Shown once: neither the page nor a reload carries the secret, only the masked key.
  const keys = page.getByRole('list', { name: 'API keys (1)' })
  await expect(keys).toContainText('release pipeline')
  await expect(keys).toContainText(`${key.slice(0, 12)}${'*'.repeat(32)}`)
  await page.reload()
  expect(await page.content()).not.toContain(key.slice(13))

  const upload = await uploadWithKey(baseURL!, key, project.uuid)
  expect(upload.status).toBe(200)
  expect(JSON.parse(upload.text)).toHaveProperty('token')
  expect((await uploadWithKey(baseURL!, other.key, project.uuid)).status).toBe(403)

  // The key was used: its row says when instead of "Not yet" (recorded asynchronously).
  await expect(async () => {
    await page.reload()
    await expect(keys).not.toContainText('Last used:Not yet')
  }).toPass({ timeout: 45_000 })

  await deleteTeam(baseURL!, other.uuid)
})

test('a key is regenerated (the old secret stops working), commented, and removed after a confirmation', async ({
  page,
  baseURL,
}) => {
  const project = await createProject(baseURL!, { name: `regen-${uniqueSuffix()}` })
  const team = await teamWithKey(baseURL!, `Regen ${uniqueSuffix()}`, ['BOM_UPLOAD'])
  await signIn(page, ADMIN, `${ACCESS}/teams/${team.uuid}`)

  const keys = page.getByRole('list', { name: 'API keys (1)' })
  await expect(keys).toContainText('No comment')
  await keys.getByRole('link', { name: /^Edit the comment of odt_/ }).click()
  const comment = page.getByRole('dialog', { name: /^Comment of odt_/ })
  await comment.getByLabel('Comment', { exact: true }).fill('nightly scan')
  await comment.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page)).toContainText('Comment saved')
  await expect(keys).toContainText('nightly scan')

  await keys.getByRole('link', { name: /^Regenerate odt_/ }).click()
  const confirm = page.getByRole('dialog', { name: 'Regenerate API key' })
  await expect(confirm).toContainText('stops working until it gets the new one')
  await confirm.getByRole('button', { name: 'Regenerate' }).click()
  const shown = page.getByRole('dialog', { name: 'API key regenerated' })
  const fresh = await shown.getByLabel('Full API key').inputValue()
  expect(fresh).not.toBe(team.key)
  expect(fresh.slice(0, 12)).toBe(team.key.slice(0, 12))
  await shown.getByRole('link', { name: 'I have copied the key' }).click()
  expect((await uploadWithKey(baseURL!, team.key, project.uuid)).status).toBe(401)
  expect((await uploadWithKey(baseURL!, fresh, project.uuid)).status).toBe(200)

  await keys.getByRole('link', { name: /^Remove odt_/ }).click()
  await page
    .getByRole('dialog', { name: 'Remove API key' })
    .getByRole('button', { name: 'Remove key' })
    .click()
  await expect(toast(page)).toContainText('API key removed')
  await expect(page.getByText('This team has no API keys.')).toBeVisible()
  expect((await uploadWithKey(baseURL!, fresh, project.uuid)).status).toBe(401)

  await page.getByRole('link', { name: 'Delete team' }).click()
  const remove = page.getByRole('dialog', { name: 'Delete team' })
  await expectNoAxeViolations(page)
  await remove.getByRole('button', { name: 'Delete team' }).click()
  await expect(page).toHaveURL(`${ACCESS}/teams`)
  await expect(toast(page)).toContainText(/Team Regen \w+ deleted/)
})

test('the team name saves as it is typed; the list searches, sorts and counts keys and members', async ({
  page,
  baseURL,
}) => {
  const run = uniqueSuffix()
  const team = await teamWithKey(baseURL!, `Rename ${run}`)
  await signIn(page, ADMIN, `${ACCESS}/teams/${team.uuid}`)
  const name = page.getByLabel('Team name')
  await name.fill(`Renamed ${run}`)
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved' })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: `Renamed ${run}`, level: 1 })).toBeVisible()

  await name.fill('')
  await name.blur()
  await expect(page.getByText('This field is required')).toBeVisible()
  await page.reload()
  await expect(name).toHaveValue(`Renamed ${run}`)

  await page.getByRole('link', { name: 'Teams', exact: true }).first().click()
  await page.getByLabel('Search teams by name').fill(run)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  const rows = page.getByRole('table', { name: 'Teams' }).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first().locator('td')).toHaveText([`Renamed ${run}`, '1', '0'])

  await page.goto(`${ACCESS}/teams`)
  await page.getByRole('columnheader', { name: 'Members' }).getByRole('link').click()
  await expect(page).toHaveURL(/sortName=members&sortOrder=asc/)
  await page.getByRole('columnheader', { name: 'Members' }).getByRole('link').click()
  await expect(page).toHaveURL(/sortName=members&sortOrder=desc/)
  await expect(rows.first().locator('td').nth(2)).not.toHaveText('0')
  await deleteTeam(baseURL!, team.uuid)
})

/** A day as `<input type="date">` takes it, `days` from today (UTC). */
const utcDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

test('beyond 4.13: a key expires on a chosen day, warns two weeks ahead, and stops working once expired', async ({
  page,
  baseURL,
}) => {
  const project = await createProject(baseURL!, { name: `expiry-${uniqueSuffix()}` })
  const team = await teamWithKey(baseURL!, `Expiry ${uniqueSuffix()}`, ['BOM_UPLOAD'])
  await signIn(page, ADMIN, `${ACCESS}/teams/${team.uuid}`)

  await page.getByRole('link', { name: 'Create API key' }).click()
  await page.getByLabel('Expires on (optional)').fill(utcDay(5))
  await page.getByRole('button', { name: 'Create key' }).click()
  const shown = page.getByRole('dialog', { name: 'API key created' })
  const soon = await shown.getByLabel('Full API key').inputValue()
  await shown.getByRole('link', { name: 'I have copied the key' }).click()
  const keys = page.getByRole('list', { name: 'API keys (2)' })
  const item = keys.getByRole('listitem').filter({ hasText: soon.slice(0, 12) })
  await expect(item).toContainText('Expires in 5 days')
  await expect(item).toContainText(`Expires:${utcDay(5).slice(8, 10).replace(/^0/, '')}`)
  await expect(keys.getByRole('listitem').filter({ hasText: 'Expires:Never' })).toHaveCount(1)
  expect((await uploadWithKey(baseURL!, soon, project.uuid)).status).toBe(200)

  await item.getByRole('link', { name: /^Change when odt_\w+\*+ expires$/ }).click()
  const expiry = page.getByRole('dialog', { name: /^Expiry of odt_/ })
  await expect(expiry.getByLabel('Expires on (optional)')).toHaveValue(utcDay(5))
  await expiry.getByLabel('Expires on (optional)').fill(utcDay(-1))
  await expiry.getByRole('button', { name: 'Save' }).click()
  await expect(expiry.getByText('Choose today or a later day')).toBeVisible()
  await expectNoAxeViolations(page)
  await expiry.getByLabel('Expires on (optional)').fill('')
  await expiry.getByRole('button', { name: 'Save' }).click()
  await expect(toast(page)).toContainText('Expiry saved')
  await expect(item).not.toContainText('Expires in')
  await expect(keys.getByRole('listitem').filter({ hasText: 'Expires:Never' })).toHaveCount(2)

  // A key that has expired (set through the API, a moment ahead) is marked and refused.
  const api = apiFor(baseURL!)
  const token = await api.adminToken()
  const publicId = team.key.split('_')[1]!
  const set = await api.post(`/api/v1/team/key/${publicId}/expires`, {
    token,
    json: { expires: Date.now() + 1500 },
  })
  expect(set.status).toBe(200)
  await expect
    .poll(async () => (await uploadWithKey(baseURL!, team.key, project.uuid)).text)
    .toBe('The API key has expired.')
  await page.reload()
  await expect(keys.getByRole('listitem').filter({ hasText: 'Expired' })).toContainText(
    team.key.slice(0, 12),
  )
  await deleteTeam(baseURL!, team.uuid)
})
