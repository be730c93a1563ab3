import { expect, signIn, test } from './support/fixtures.ts'
import { createTeams, OIDC_GROUPS, uniqueGroupName } from './support/oidc-groups.ts'

test('without JavaScript: create a group, map it to a team, unmap, rename, delete', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const [team] = await createTeams(baseURL!, ['Nojs team'])
  const name = uniqueGroupName('nojs')
  const user = await makeUser(['ACCESS_MANAGEMENT'])
  await signIn(page, user, OIDC_GROUPS)

  await page.getByRole('link', { name: 'Create group' }).click()
  const create = page.getByRole('dialog', { name: 'Create OpenID Connect group' })
  await create.getByLabel('Group name').fill(name)
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toContainText(`Group ${name} created`)

  await page.getByRole('link', { name: 'Add teams' }).click()
  const picker = page.getByRole('dialog', { name: `Map ${name} to teams` })
  await picker.getByLabel(`Select ${team!.name}`).check()
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(page.getByTestId('toast')).toContainText('Teams mapped: 1')
  const mapped = page.getByRole('table', { name: `Teams the group ${name} is mapped to` })
  await expect(mapped).toContainText(team!.name)

  await mapped.getByRole('button', { name: `Remove the mapping to ${team!.name}` }).click()
  await expect(page.getByTestId('toast')).toContainText('Mapping removed')
  await expect(page.getByText('This group is not mapped to any team yet.')).toBeVisible()

  await page.getByRole('textbox', { name: 'Group name' }).fill(`${name}-renamed`)
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByRole('heading', { name: `${name}-renamed`, level: 1 })).toBeVisible()

  await page.getByRole('link', { name: 'Delete group' }).click()
  await page
    .getByRole('dialog', { name: 'Delete OpenID Connect group' })
    .getByRole('button', { name: 'Delete group' })
    .click()
  await expect(page.getByTestId('toast')).toContainText('Group deleted')
  await expect(page).toHaveURL(OIDC_GROUPS)
})
