import { expect, signIn, test } from './support/fixtures.ts'
import { uniqueSuffix } from './support/licenses.ts'

test('without JavaScript: create a group, pick licenses on two pages of a search, remove, rename, delete', async ({
  page,
  makeUser,
}) => {
  const run = uniqueSuffix()
  const name = `Nojs group ${run}`
  const user = await makeUser(['VIEW_PORTFOLIO', 'POLICY_MANAGEMENT'])
  await signIn(page, user, '/policy/licenseGroups')

  await page.getByRole('link', { name: 'Create license group' }).click()
  const create = page.getByRole('dialog', { name: 'Create license group' })
  await create.getByLabel('Name').fill(name)
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toContainText(`License group ${name} created`)

  await page.getByRole('link', { name: 'Add licenses' }).click()
  const picker = page.getByRole('dialog', { name: `Add licenses to ${name}` })
  await picker.getByLabel('Search by name or license ID').fill('BSD')
  await picker.getByRole('button', { name: 'Apply' }).click()
  await expect(picker.getByText(/Showing 1 to 10 of \d+/)).toBeVisible()
  const first = picker.locator('tbody input[type="checkbox"]:not([disabled])').first()
  const firstLabel = (await first.getAttribute('aria-label'))!.replace(/^Select /, '')
  await first.check()
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(page.getByTestId('toast')).toContainText('Licenses added: 1')
  await expect(picker).toHaveCount(0)

  // The picker's own pages: a second page of the same search, one license from there.
  await page.getByRole('link', { name: 'Add licenses' }).click()
  await picker.getByLabel('Search by name or license ID').fill('BSD')
  await picker.getByRole('button', { name: 'Apply' }).click()
  await picker.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/pickPage=2/)
  await expect(picker.getByText(/Showing 11 to/)).toBeVisible()
  const second = picker.locator('tbody input[type="checkbox"]:not([disabled])').first()
  const secondLabel = (await second.getAttribute('aria-label'))!.replace(/^Select /, '')
  await second.check()
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(page.getByTestId('toast')).toContainText('Licenses added: 1')

  const members = page.getByRole('table', { name: `Licenses in the group ${name}` })
  await expect(members.locator('tbody tr')).toHaveCount(2)
  await expect(members.getByRole('link', { name: secondLabel, exact: true })).toBeVisible()

  await members.getByRole('button', { name: `Remove ${firstLabel} from the group` }).click()
  await expect(page.getByTestId('toast')).toContainText('License removed from the group')
  await expect(members.locator('tbody tr')).toHaveCount(1)
  await expect(members.getByRole('link', { name: secondLabel, exact: true })).toBeVisible()

  await page.getByRole('textbox', { name: 'Name' }).fill('')
  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`)
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByRole('heading', { name: `${name} renamed`, level: 2 })).toBeVisible()

  await page.getByRole('link', { name: 'Delete license group' }).click()
  await page
    .getByRole('dialog', { name: 'Delete license group' })
    .getByRole('button', { name: 'Delete group' })
    .click()
  await expect(page).toHaveURL('/policy/licenseGroups')
  await expect(page.getByTestId('toast')).toContainText('License group deleted')
})
