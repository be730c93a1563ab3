import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { numberedBom, uploadBomAndWait } from './support/list-data.ts'

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`

test('the components tab sorts by its headers, pages with a chosen size and tells x–y of z', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await createProject(baseURL!, { name: unique('parts') })
  await uploadBomAndWait(baseURL!, project.uuid, numberedBom(project.name, 12))
  await signIn(page, user, `/projects/${project.uuid}/components`)

  const rows = page.getByRole('table').getByRole('row')
  await expect(page.getByText('Showing 1 to 10 of 12 components')).toBeVisible()
  await expect(rows).toHaveCount(11)
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Component', exact: true }).click()
  await expect(page).toHaveURL(/sortName=name&sortOrder=asc/)
  await page.getByRole('link', { name: 'Component', exact: true }).click()
  await expect(page).toHaveURL(/sortName=name&sortOrder=desc/)
  await expect(page.getByRole('columnheader', { name: 'Component' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect(rows.nth(1)).toContainText('lib-012')

  await page.getByLabel('Rows per page').selectOption('25')
  await expect(page.getByText('Showing 1 to 12 of 12 components')).toBeVisible()
  await expect(rows).toHaveCount(13)
  await expect(page).toHaveURL(/pageSize=25/)
  await expect(page).toHaveURL(/sortName=name&sortOrder=desc/)
  await expect(rows.nth(1)).toContainText('lib-012')

  // The license column is not offered for sorting: the API orders by another field than it shows.
  await expect(page.getByRole('columnheader', { name: 'License' }).getByRole('link')).toHaveCount(0)
})

test('a clean analysis reads 0, not "Not analysed yet", and graph shortcuts appear only with a graph', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const flat = await createProject(baseURL!, { name: unique('flat') })
  await uploadBomAndWait(baseURL!, flat.uuid, numberedBom(flat.name, 2, { graph: false }))
  await signIn(page, user, `/projects/${flat.uuid}/components`)

  // The upload's processing ends once the analysis found nothing and the metrics say so.
  const row = page.getByRole('row', { name: /lib-001/ })
  await expect(row.getByRole('cell', { name: '0', exact: true })).toBeVisible()
  await expect(row.getByRole('cell', { name: 'Not analysed yet' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Show in dependency graph' })).toHaveCount(0)

  const graphed = await createProject(baseURL!, { name: unique('graphed') })
  await uploadBomAndWait(baseURL!, graphed.uuid, numberedBom(graphed.name, 2))
  await page.goto(`/projects/${graphed.uuid}/components`)
  await expect(page.getByRole('link', { name: 'Show in dependency graph' })).toHaveCount(2)

  await page.getByRole('link', { name: 'lib-001' }).first().click()
  const summary = page.getByRole('region', { name: 'Component vulnerabilities' })
  await expect(summary.getByTestId('component-overview-critical')).toHaveText('0')
  await expect(summary.getByTestId('component-overview-risk-score')).toHaveText('0')
  await expect(summary.getByText('Not analysed yet')).toHaveCount(0)
})
