import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { createTeams, OIDC_GROUPS, uniqueGroupName } from './support/oidc-groups.ts'

// dt-screens §19.7 OpenID Connect Groups; dt-api-admin §10.7.

test('a group is created, mapped to teams, unmapped, renamed and deleted', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const [platform, auditors] = await createTeams(baseURL!, ['Platform', 'Auditors'])
  const name = uniqueGroupName('engineers')
  const user = await makeUser(['ACCESS_MANAGEMENT'])
  await signIn(page, user, '/admin')
  await page
    .getByRole('navigation', { name: 'Administration menu' })
    .getByRole('link', { name: 'OpenID Connect Groups' })
    .click()
  await expect(page).toHaveURL(OIDC_GROUPS)
  await expect(page.getByRole('heading', { name: 'OpenID Connect Groups', level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Create group' }).click()
  const create = page.getByRole('dialog', { name: 'Create OpenID Connect group' })
  await expect(create.getByLabel('Group name')).toBeFocused()
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(create.getByText('This field is required')).toBeVisible()
  await create.getByLabel('Group name').fill(name)
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toContainText(`Group ${name} created`)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await expect(page.getByText('This group is not mapped to any team yet.')).toBeVisible()
  await expectNoAxeViolations(page)

  const add = page.getByRole('link', { name: 'Add teams' })
  await add.click()
  const picker = page.getByRole('dialog', { name: `Map ${name} to teams` })
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(page.getByTestId('toast')).toContainText('No teams selected')
  await picker.getByLabel(`Select ${platform!.name}`).check()
  await picker.getByLabel(`Select ${auditors!.name}`).check()
  await expectNoAxeViolations(page)
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(page.getByTestId('toast')).toContainText('Teams mapped: 2')
  const mapped = page.getByRole('table', { name: `Teams the group ${name} is mapped to` })
  await expect(mapped.locator('tbody tr')).toHaveCount(2)
  await expect(page.getByText('Mapped teams: 2')).toBeVisible()

  // Mapped teams are not offered again.
  await add.click()
  await expect(picker).toBeVisible()
  await expect(picker.getByLabel(`Select ${platform!.name}`)).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(picker).toHaveCount(0)
  await expect(add).toBeFocused()

  await mapped.getByRole('button', { name: `Remove the mapping to ${auditors!.name}` }).click()
  await expect(page.getByTestId('toast')).toContainText('Mapping removed')
  await expect(mapped.locator('tbody tr')).toHaveCount(1)
  await expect(mapped).toContainText(platform!.name)

  await page.getByRole('textbox', { name: 'Group name' }).fill(`${name}-renamed`)
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByTestId('toast')).toContainText('Group renamed')
  await expect(page.getByRole('heading', { name: `${name}-renamed`, level: 1 })).toBeVisible()

  await page.getByRole('link', { name: 'All OpenID Connect groups' }).click()
  await page.getByLabel('Search groups').fill(name)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  const rows = page.getByRole('table', { name: 'OpenID Connect Groups' }).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(platform!.name)
  await rows
    .first()
    .getByRole('link', { name: `${name}-renamed` })
    .click()

  await page.getByRole('link', { name: 'Delete group' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete OpenID Connect group' })
  await expect(confirm).toContainText(`Delete the group ${name}-renamed?`)
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: 'Delete group' }).click()
  await expect(page.getByTestId('toast')).toContainText('Group deleted')
  await expect(page).toHaveURL(OIDC_GROUPS)
})

test('a second group of the same name is refused in the dialog', async ({ page, makeUser }) => {
  const name = uniqueGroupName('dupe')
  const user = await makeUser(['ACCESS_MANAGEMENT'])
  await signIn(page, user, `${OIDC_GROUPS}?create`)
  const create = page.getByRole('dialog', { name: 'Create OpenID Connect group' })
  await create.getByLabel('Group name').fill(name)
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  await page.goto(`${OIDC_GROUPS}?create`)
  await create.getByLabel('Group name').fill(name)
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(create.getByText('A group with this name already exists.')).toBeVisible()
})

test('without Access Management the page is forbidden', async ({ page, makeUser }) => {
  const user = await makeUser(['SYSTEM_CONFIGURATION'])
  await signIn(page, user, OIDC_GROUPS)
  await expect(page).toHaveURL('/dashboard')
  await expect(page.getByTestId('toast')).toContainText('Forbidden')
})
