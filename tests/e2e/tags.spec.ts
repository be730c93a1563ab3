import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'

const suffix = () => randomBytes(3).toString('hex')

test('tags are listed with their counts and can be searched and sorted', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const run = suffix()
  const busy = `busy-${run}`
  const quiet = `quiet-${run}`
  await createProject(baseURL!, { name: `tl-a-${run}`, tags: [busy, quiet] })
  await createProject(baseURL!, { name: `tl-b-${run}`, tags: [busy] })
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/tags')
  await expect(page.getByRole('heading', { name: 'Tags', level: 1 })).toBeVisible()

  await page.getByLabel('Search tags').fill(run)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  const rows = page.getByRole('table').getByRole('row')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(1)).toContainText(busy)
  await expect(page.getByRole('link', { name: `Projects tagged with ${busy}: 2` })).toBeVisible()
  await expect(page.getByRole('link', { name: `Projects tagged with ${quiet}: 1` })).toBeVisible()
  await expect(page.getByText('Showing 1 to 2 of 2 tags')).toBeVisible()
  await expectNoAxeViolations(page)

  const projectsHeader = page.getByRole('columnheader', { name: 'Projects' }).getByRole('link')
  await projectsHeader.click()
  await expect(page).toHaveURL(/sortName=projectCount&sortOrder=asc/)
  await projectsHeader.click()
  await expect(page).toHaveURL(/sortName=projectCount&sortOrder=desc/)
  await expect(rows.nth(1)).toContainText(busy)
  await projectsHeader.click()
  await expect(page).toHaveURL(/sortOrder=asc/)
  await expect(rows.nth(1)).toContainText(quiet)

  // Nobody here may delete or unassign.
  await expect(page.getByRole('button', { name: 'Delete selected tags' })).toHaveCount(0)
  await expect(page.getByRole('checkbox')).toHaveCount(0)
  await page.getByRole('link', { name: `Projects tagged with ${busy}: 2` }).click()
  const dialog = page.getByRole('dialog', { name: `Projects tagged with ${busy}` })
  await expect(dialog.getByRole('link', { name: `tl-a-${run}` })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Unassign tag from selection' })).toHaveCount(0)
  await expect(dialog.getByRole('checkbox')).toHaveCount(0)
})

test('the projects-tagged dialog lists, searches and unassigns, even for odd tag names', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const run = suffix()
  const tag = `ops/team#1 & more?${run}%`
  const first = await createProject(baseURL!, {
    name: `pt-alpha-${run}`,
    version: '1.0',
    tags: [tag],
  })
  await createProject(baseURL!, { name: `pt-beta-${run}`, version: '2.0', tags: [tag] })
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  await signIn(page, user, `/tags?${new URLSearchParams({ searchText: run })}`)

  await page.getByRole('link', { name: `Projects tagged with ${tag}: 2` }).click()
  const dialog = page.getByRole('dialog', { name: `Projects tagged with ${tag}` })
  await expect(dialog.getByRole('link', { name: `pt-alpha-${run}` })).toHaveAttribute(
    'href',
    `/projects/${first.uuid}`,
  )
  await expect(dialog.getByRole('link', { name: `pt-beta-${run}` })).toBeVisible()
  await expectNoAxeViolations(page)

  await dialog.getByLabel('Search projects').fill('beta')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog.getByRole('link', { name: `pt-alpha-${run}` })).toHaveCount(0)
  await expect(dialog.getByRole('link', { name: `pt-beta-${run}` })).toBeVisible()
  await dialog.getByLabel('Search projects').fill('')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog.getByRole('link', { name: `pt-alpha-${run}` })).toBeVisible()

  await dialog.getByRole('button', { name: 'Unassign tag from selection' }).click()
  await expect(page.getByTestId('toast')).toContainText('No items selected')

  await dialog.getByLabel(`Select pt-alpha-${run} 1.0`).check()
  await dialog.getByRole('button', { name: 'Unassign tag from selection' }).click()
  await expect(page.getByTestId('toast')).toContainText('Tag unassigned')
  await expect(dialog.getByRole('link', { name: `pt-alpha-${run}` })).toHaveCount(0)
  await expect(dialog.getByRole('link', { name: `pt-beta-${run}` })).toBeVisible()

  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(page.getByRole('link', { name: `Projects tagged with ${tag}: 1` })).toBeVisible()
})

test('with TAG_MANAGEMENT selected tags are deleted; an empty selection only warns', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const run = suffix()
  await createProject(baseURL!, { name: `del-${run}`, tags: [`gone-${run}`, `kept-${run}`] })
  const user = await makeUser(['VIEW_PORTFOLIO', 'TAG_MANAGEMENT', 'PORTFOLIO_MANAGEMENT'])
  await signIn(page, user, `/tags?${new URLSearchParams({ searchText: run })}`)

  await page.getByRole('button', { name: 'Delete selected tags' }).click()
  await expect(page.getByTestId('toast')).toContainText('No items selected')

  await page.getByLabel(`Select gone-${run}`).check()
  await page.getByRole('button', { name: 'Delete selected tags' }).click()
  await expect(page.getByTestId('toast')).toContainText('Tags deleted: 1')
  await expect(page.getByRole('cell', { name: `gone-${run}`, exact: true })).toHaveCount(0)
  await expect(page.getByRole('cell', { name: `kept-${run}`, exact: true })).toBeVisible()

  await page.getByLabel('Select all rows on this page').check()
  await expect(page.getByLabel(`Select kept-${run}`)).toBeChecked()
})

test('a refused delete names the reason for each tag and deletes nothing', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const run = suffix()
  await createProject(baseURL!, { name: `ref-${run}`, tags: [`used-${run}`] })
  const user = await makeUser(['VIEW_PORTFOLIO', 'TAG_MANAGEMENT'])
  await signIn(page, user, `/tags?${new URLSearchParams({ searchText: run })}`)

  await page.getByLabel(`Select used-${run}`).check()
  await page.getByRole('button', { name: 'Delete selected tags' }).click()
  const alert = page.getByRole('alert').filter({ hasText: 'could not be deleted' })
  await expect(alert).toContainText(`used-${run}`)
  await expect(alert).toContainText('missing the PORTFOLIO_MANAGEMENT permission')
  await expect(page.getByRole('cell', { name: `used-${run}`, exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
})
