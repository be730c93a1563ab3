import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { createPolicies, deletePolicies } from './support/policies.ts'

test('without JavaScript: bulk-edit three policies, see what was refused, then delete one', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const run = randomBytes(3).toString('hex')
  const names = ['alpha', 'beta', 'gamma'].map((name) => `bulk-${name}-${run}`)
  const policies = await createPolicies(baseURL!, names)
  const tag = `pci-${run}`
  await createProject(baseURL!, { name: `bulk-shop-${run}`, version: '2.0', tags: [tag] })
  try {
    const user = await makeUser(['POLICY_MANAGEMENT', 'VIEW_PORTFOLIO'])
    await signIn(page, user, `/policy?searchText=${run}`)
    const rows = page.getByRole('table').getByRole('row')
    await expect(rows).toHaveCount(4)
    await expect(page.getByText('Showing 1 to 3 of 3 policies')).toBeVisible()

    // Nothing ticked: nothing is sent, and the page says why.
    await page.getByLabel('Violation state').selectOption({ label: 'Fail' })
    await page.getByRole('button', { name: 'Apply to selected policies' }).click()
    const problems = page.getByRole('alert')
    await expect(problems).toContainText('Select at least one policy in the table.')
    await expect(page.getByLabel('Violation state')).toHaveValue('FAIL')

    // Tick all three, find the project (a round trip that keeps every choice), apply at once.
    for (const name of names) await page.getByLabel(`Select ${name}`).check()
    await page.getByLabel('Operator', { exact: true }).selectOption({ label: 'All conditions' })
    await page.getByLabel('Only latest project versions').selectOption({ label: 'Turn on' })
    await page.getByLabel('Find projects to add').fill(`bulk-shop-${run}`)
    await page.getByRole('button', { name: 'Find', exact: true }).click()
    for (const name of names) await expect(page.getByLabel(`Select ${name}`)).toBeChecked()
    await expect(page.getByLabel('Violation state')).toHaveValue('FAIL')
    await expect(page.getByLabel('Operator', { exact: true })).toHaveValue('ALL')
    const addProjects = page.getByRole('group', { name: 'Add to the selected policies' })
    await addProjects.getByLabel(`bulk-shop-${run} 2.0`).check()
    await page.getByLabel('Add a tag').fill(tag)
    await page.getByRole('button', { name: 'Apply to selected policies' }).click()

    await expect(page.getByTestId('toast')).toContainText('Policies updated: 3')
    await expect(page).toHaveURL(new RegExp(`searchText=${run}`))
    for (const row of await rows.all().then((all) => all.slice(1))) {
      await expect(row).toContainText('Fail')
      await expect(row).toContainText('All conditions')
      await expect(row).toContainText(`bulk-shop-${run} 2.0`)
      await expect(row).toContainText(tag)
      await expect(row).toContainText('Latest versions only')
    }

    // All or nothing: an unknown tag refuses the whole change and is named.
    await page.getByLabel(`Select ${names[0]}`).check()
    await page.getByLabel('Violation state').selectOption({ label: 'Warn' })
    await page.getByLabel('Add a tag').fill(`missing-${run}`)
    await page.getByRole('button', { name: 'Apply to selected policies' }).click()
    await expect(problems).toContainText(`Tag missing-${run}`)
    await expect(problems).toContainText('Nothing was changed')
    await expect(rows.nth(1)).toContainText('Fail')
    await expect(page.getByLabel(`Select ${names[0]}`)).toBeChecked()

    // Take the project and the tag away from two of them.
    await page.goto(`/policy?searchText=${run}`)
    await page.getByLabel(`Select ${names[0]}`).check()
    await page.getByLabel(`Select ${names[1]}`).check()
    await page
      .getByRole('group', { name: 'Limit to projects' })
      .getByLabel(`bulk-shop-${run} 2.0`)
      .check()
    await page
      .getByRole('group', { name: 'Limit to tags' })
      .getByLabel(tag, { exact: true })
      .check()
    await page.getByRole('button', { name: 'Apply to selected policies' }).click()
    await expect(page.getByTestId('toast')).toContainText('Policies updated: 2')
    await expect(rows.nth(1)).toContainText('All projects')
    await expect(rows.nth(2)).toContainText('All projects')
    await expect(rows.nth(3)).toContainText(`bulk-shop-${run} 2.0`)

    // Deleting asks first and names what goes.
    await page.getByLabel(`Select ${names[2]}`).check()
    await page.getByRole('button', { name: 'Delete selected policies' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete the selected policies (1)?' })
    await expect(dialog).toContainText(names[2]!)
    await dialog.getByRole('button', { name: 'Delete policies' }).click()
    await expect(page.getByTestId('toast')).toContainText('Policies deleted: 1')
    await expect(rows).toHaveCount(3)
    await expect(page.getByRole('link', { name: names[2] })).toHaveCount(0)
  } finally {
    await deletePolicies(baseURL!, policies)
  }
})

test('without JavaScript: create a policy by name and land on its editor', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const name = `created-${randomBytes(3).toString('hex')}`
  const user = await makeUser(['POLICY_MANAGEMENT'])
  await signIn(page, user, '/policy')
  await page.getByRole('link', { name: 'Create Policy' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create Policy' })
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByText('This field is required')).toBeVisible()
  await dialog.getByLabel('Policy name').fill(name)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(/\/policy\/[0-9a-f-]{36}$/)
  const uuid = new URL(page.url()).pathname.split('/').pop()!
  await deletePolicies(baseURL!, [{ uuid, name }])
})
