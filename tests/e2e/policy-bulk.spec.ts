import { randomBytes } from 'node:crypto'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { createPolicies, deletePolicies } from './support/policies.ts'

test('the Policies tab lists, searches and sorts policies, and every state passes axe', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const run = randomBytes(3).toString('hex')
  const policies = await createPolicies(baseURL!, [`sort-a-${run}`, `sort-b-${run}`])
  try {
    const user = await makeUser(['POLICY_MANAGEMENT', 'VIEW_PORTFOLIO'])
    await signIn(page, user, '/policy')
    await expect(page.getByRole('heading', { name: 'Policy Management', level: 1 })).toBeVisible()
    const tabs = page.getByRole('navigation', { name: 'Policy management tabs' })
    await expect(tabs.getByRole('link', { name: 'Policies' })).toHaveAttribute(
      'aria-current',
      'page',
    )

    await page.getByLabel('Search policies').fill(run)
    await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
    const rows = page.getByRole('table').getByRole('row')
    await expect(rows).toHaveCount(3)
    await expect(rows.nth(1)).toContainText(`sort-a-${run}`)
    await expect(rows.nth(1)).toContainText('Inform')
    await expect(rows.nth(1)).toContainText('Any condition')
    await expect(rows.nth(1)).toContainText('All projects')
    await expect(page.getByRole('link', { name: `sort-a-${run}` })).toHaveAttribute(
      'href',
      `/policy/${policies[0]!.uuid}`,
    )
    await expectNoAxeViolations(page)

    const nameHeader = page.getByRole('columnheader', { name: 'Policy name' }).getByRole('link')
    await nameHeader.click()
    await expect(page).toHaveURL(/sortName=name&sortOrder=asc/)
    await nameHeader.click()
    await expect(page).toHaveURL(/sortName=name&sortOrder=desc/)
    await expect(rows.nth(1)).toContainText(`sort-b-${run}`)

    // With JavaScript the header ticks every row; a refusal and the delete question pass axe too.
    await page.getByLabel('Select all policies on this page').check()
    await page.getByRole('button', { name: 'Apply to selected policies' }).click()
    await expect(page.getByRole('alert')).toContainText('Choose at least one change.')
    await expect(page.getByLabel(`Select sort-a-${run}`)).toBeChecked()
    await expectNoAxeViolations(page)

    await page.getByRole('button', { name: 'Delete selected policies' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete the selected policies (2)?' })
    await expect(dialog).toContainText(`sort-a-${run}`)
    await expectNoAxeViolations(page)
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(rows).toHaveCount(3)

    await page.emulateMedia({ colorScheme: 'dark' })
    await expectNoAxeViolations(page)
  } finally {
    await deletePolicies(baseURL!, policies)
  }
})

test('with JavaScript: change several policies at once and keep the list where it was', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const run = randomBytes(3).toString('hex')
  const names = [1, 2, 3].map((index) => `js-${index}-${run}`)
  const policies = await createPolicies(baseURL!, names)
  try {
    const user = await makeUser(['POLICY_MANAGEMENT', 'VIEW_PORTFOLIO'])
    await signIn(page, user, `/policy?searchText=${run}&sortName=name&sortOrder=desc`)
    await page.getByLabel(`Select ${names[0]}`).check()
    await page.getByLabel(`Select ${names[2]}`).check()
    await page.getByLabel('Violation state').selectOption('WARN')
    await page.getByLabel('Include child projects').selectOption('on')
    await page.getByRole('button', { name: 'Apply to selected policies' }).click()
    await expect(page.getByTestId('toast')).toContainText('Policies updated: 2')
    await expect(page).toHaveURL(/sortOrder=desc/)

    const rows = page.getByRole('table').getByRole('row')
    await expect(rows.nth(1)).toContainText('Warn')
    await expect(rows.nth(2)).toContainText('Inform')
    await expect(rows.nth(3)).toContainText('Warn')
    // The form starts afresh after a change was made.
    await expect(page.getByLabel('Violation state')).toHaveValue('')
    await expect(page.getByLabel(`Select ${names[0]}`)).not.toBeChecked()
  } finally {
    await deletePolicies(baseURL!, policies)
  }
})

test('a taken name is refused in the Create Policy dialog, and the keyboard reaches it', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const name = `taken-${randomBytes(3).toString('hex')}`
  const policies = await createPolicies(baseURL!, [name])
  try {
    const user = await makeUser(['POLICY_MANAGEMENT'])
    await signIn(page, user, '/policy')
    await page.getByRole('link', { name: 'Create Policy' }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Create Policy' })
    await expect(dialog.getByLabel('Policy name')).toBeFocused()
    await page.keyboard.type(name)
    await page.keyboard.press('Enter')
    await expect(dialog.getByText('A policy with this name already exists.')).toBeVisible()
    await expectNoAxeViolations(page)
    // Without portfolio access there is no project search, but tags can still be named.
    await dialog.getByRole('link', { name: 'Close' }).click()
    await expect(page.getByLabel('Find projects to add')).toHaveCount(0)
    await expect(page.getByLabel('Add a tag')).toBeVisible()
  } finally {
    await deletePolicies(baseURL!, policies)
  }
})
