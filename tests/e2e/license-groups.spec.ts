import { type Page } from '@playwright/test'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { createLicenseGroup, uniqueSuffix } from './support/licenses.ts'

const groupRows = (page: Page) =>
  page.getByRole('table', { name: 'License groups' }).locator('tbody tr')

test('the seeded license groups are listed with their risk weight, searched and sorted', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'POLICY_MANAGEMENT'])
  await signIn(page, user, '/policy')
  await page.getByRole('link', { name: 'License Groups' }).click()
  await expect(page).toHaveURL('/policy/licenseGroups')
  await expect(page.getByRole('link', { name: 'License Groups' })).toHaveAttribute(
    'aria-current',
    'page',
  )

  await page.getByLabel('Search license groups').fill('copyleft')
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(groupRows(page)).toHaveCount(2)
  await expect(groupRows(page).nth(0)).toContainText('Copyleft')
  await expect(groupRows(page).nth(0).locator('td').last()).toHaveText('8')
  await expect(groupRows(page).nth(1)).toContainText('Weak Copyleft')
  await expect(groupRows(page).nth(1).locator('td').last()).toHaveText('3')
  await expectNoAxeViolations(page)

  await page.getByRole('columnheader', { name: 'Name' }).getByRole('link').click()
  await expect(page).toHaveURL(/sortName=name&sortOrder=asc/)
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('link').click()
  await expect(page).toHaveURL(/sortName=name&sortOrder=desc/)
  await expect(groupRows(page).nth(0)).toContainText('Weak Copyleft')

  await groupRows(page).getByRole('link', { name: 'Copyleft', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Copyleft', level: 2 })).toBeVisible()
  await expect(page.getByText(/Risk weight 8 · \d+ licenses/)).toBeVisible()
  await expect(
    page
      .getByRole('table', { name: 'Licenses in the group Copyleft' })
      .getByText('GPL-3.0-only', { exact: true }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
})

test('a group is created, filled through the picker, emptied, renamed and deleted', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const run = uniqueSuffix()
  const name = `Allowed ${run}`
  const taken = await createLicenseGroup(baseURL!, `Taken ${run}`)
  const user = await makeUser(['VIEW_PORTFOLIO', 'POLICY_MANAGEMENT'])
  await signIn(page, user, '/policy/licenseGroups')

  await page.getByRole('link', { name: 'Create license group' }).click()
  const create = page.getByRole('dialog', { name: 'Create license group' })
  await create.getByLabel('Name').fill(taken.name)
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(create.getByText('A license group with this name already exists.')).toBeVisible()
  await create.getByLabel('Name').fill(name)
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toContainText(`License group ${name} created`)
  await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible()
  await expect(page.getByText('This group has no licenses yet.')).toBeVisible()

  const open = page.getByRole('link', { name: 'Add licenses' })
  await open.click()
  const picker = page.getByRole('dialog', { name: `Add licenses to ${name}` })
  await expect(picker.getByLabel('Search by name or license ID')).toBeFocused()
  await picker.getByLabel('Search by name or license ID').fill('MIT')
  await picker.getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/pick=1/)
  await expect(page).toHaveURL(/pickSearch=MIT/)
  await expectNoAxeViolations(page)
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(page.getByTestId('toast')).toContainText('No licenses selected')
  // "MIT" matches dozens of names; the license with exactly that id is offered first.
  await expect(picker.getByText('Exact ID match:')).toBeVisible()
  await picker.getByLabel('Select MIT License', { exact: true }).check()
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(picker).toHaveCount(0)
  await expect(page.getByTestId('toast')).toContainText('Licenses added: 1')

  await open.click()
  await picker.getByLabel('Search by name or license ID').fill('no attribution')
  await picker.getByRole('button', { name: 'Apply' }).click()
  await picker.getByLabel('Select MIT No Attribution').check()
  await picker.getByRole('button', { name: 'Add selected' }).click()
  await expect(page.getByTestId('toast')).toContainText('Licenses added: 1')
  const members = page.getByRole('table', { name: `Licenses in the group ${name}` })
  await expect(members.locator('tbody tr')).toHaveCount(2)
  await expect(page.getByText(/Risk weight \d+ · 2 licenses/)).toBeVisible()

  // Members are shown as such and cannot be picked again.
  await open.click()
  await picker.getByLabel('Search by name or license ID').fill('no attribution')
  await picker.getByRole('button', { name: 'Apply' }).click()
  const member = picker.getByLabel('Select MIT No Attribution')
  await expect(member).toBeDisabled()
  await expect(member).toBeChecked()
  await expect(picker.getByRole('row', { name: /MIT No Attribution In the group/ })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(picker).toHaveCount(0)
  await expect(open).toBeFocused()

  await members.getByRole('button', { name: 'Remove MIT License from the group' }).click()
  await expect(page.getByTestId('toast')).toContainText('License removed from the group')
  await expect(members.locator('tbody tr')).toHaveCount(1)
  await expect(members).toContainText('MIT-0')

  await page.getByRole('textbox', { name: 'Name' }).fill(`${name} renamed`)
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(page.getByTestId('toast')).toContainText('License group renamed')
  await expect(page.getByRole('heading', { name: `${name} renamed`, level: 2 })).toBeVisible()

  await page.getByRole('link', { name: 'Delete license group' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete license group' })
  await expect(confirm).toContainText(`Delete the license group ${name} renamed?`)
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: 'Delete group' }).click()
  await expect(page).toHaveURL('/policy/licenseGroups')
  await expect(page.getByTestId('toast')).toContainText('License group deleted')
  await page.getByLabel('Search license groups').fill(run)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(groupRows(page)).toHaveCount(1)
  await expect(groupRows(page)).toContainText(taken.name)
})

test('license groups are for policy managers only', async ({ page, makeUser }) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/policy/licenseGroups')
  await expect(page).toHaveURL('/dashboard')
  await expect(page.getByTestId('toast')).toContainText('Forbidden (403)')
})
