import { type Page } from '@playwright/test'
import { componentUuidByName } from './support/findings.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { seedMeasuredProject, waitForMetrics } from './support/metrics.ts'
import { createCollection } from './support/service-boms.ts'

const rings = (page: Page, prefix: string) => page.getByTestId(`${prefix}-rings`)

test('a measured project shows its severities in the header, the tabs, the list and the overview', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { project } = await seedMeasuredProject(baseURL!)
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_VULNERABILITY', 'PORTFOLIO_MANAGEMENT'])
  await signIn(page, user, `/projects/${project.uuid}`)

  // Header: five rings named for screen readers, and the inherited risk score.
  const header = rings(page, 'project')
  await expect(header.getByRole('img')).toHaveCount(5)
  await expect(
    header.getByRole('img', { name: 'Critical severity vulnerabilities: 1' }),
  ).toBeVisible()
  await expect(header.getByRole('img', { name: 'High severity vulnerabilities: 1' })).toBeVisible()
  await expect(
    header.getByRole('img', { name: 'Medium severity vulnerabilities: 0' }),
  ).toBeVisible()
  await expect(page.getByTestId('project-risk-score')).toHaveText('15')

  // Tab badge: the findings the metrics counted.
  const tabs = page.getByRole('navigation', { name: 'Project sections' })
  await expect(tabs.getByRole('link', { name: 'Audit vulnerabilities' })).toHaveText(
    'Audit vulnerabilities2',
  )

  // Overview: counters of the latest measurement and the charts with their numbers.
  await expect(page.getByTestId('overview-critical')).toHaveText('1')
  await expect(page.getByTestId('overview-high')).toHaveText('1')
  await expect(page.getByTestId('overview-low')).toHaveText('0')
  await expect(page.getByTestId('overview-risk-score')).toHaveText('15')
  await expect(page.getByRole('img', { name: 'Project vulnerabilities' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Components' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Auditing progress: findings' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Policy violations by state' })).toBeVisible()
  const components = page.getByRole('region', { name: 'Components' })
  await components.locator('summary', { hasText: 'Components: the numbers as a table' }).click()
  const row = components.getByRole('table').locator('tbody tr').last()
  // Measured on, all components, not vulnerable, vulnerable.
  await expect(row.locator('td')).toHaveText(['3', '1', '2'])
  await expect(page.getByRole('region', { name: 'Policy violations by type' })).toContainText(
    'Security violations',
  )
  await expectNoAxeViolations(page)

  // The range lives in the address.
  await page
    .getByRole('navigation', { name: 'Period' })
    .getByRole('link', { name: '30 days' })
    .click()
  await expect(page).toHaveURL(`/projects/${project.uuid}?days=30`)
  await expect(
    page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: '30 days' }),
  ).toHaveAttribute('aria-current', 'true')

  // A portfolio manager asks for a recomputation and stays on the same range.
  await page.getByRole('button', { name: 'Refresh metrics' }).click()
  await expect(page.getByTestId('toast')).toContainText('Metric refresh requested')
  await expect(page).toHaveURL(`/projects/${project.uuid}?days=30`)

  // List: severity bar, risk score, sortable by risk score.
  await page.goto(`/projects?searchText=${project.name}`)
  const listRow = page.getByRole('row', { name: new RegExp(project.name) })
  await expect(listRow).toContainText(
    '2 in total (Critical: 1, High: 1, Medium: 0, Low: 0, Unassigned: 0)',
  )
  await expect(listRow.getByRole('cell', { name: '15', exact: true })).toBeVisible()
  await page.getByRole('link', { name: 'Risk score' }).click()
  await expect(page).toHaveURL(/sortName=lastInheritedRiskScore/)
  await expectNoAxeViolations(page)
})

test('a measured component shows its counters, rings and history, and a reader cannot refresh', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { project, names } = await seedMeasuredProject(baseURL!)
  const uuid = await componentUuidByName(baseURL!, project.uuid, names.critical)
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, `/components/${uuid}`)

  await expect(
    rings(page, 'component').getByRole('img', { name: 'Critical severity vulnerabilities: 1' }),
  ).toBeVisible()
  await expect(page.getByTestId('component-risk-score')).toHaveText('10')
  const summary = page.getByRole('region', { name: 'Component vulnerabilities' })
  await expect(summary.getByTestId('component-overview-critical')).toHaveText('1')
  await expect(summary.getByTestId('component-overview-high')).toHaveText('0')
  await expect(summary.getByTestId('component-overview-risk-score')).toHaveText('10')
  await expect(summary.getByTestId('last-measurement')).toContainText('Last measurement: ')
  await expect(summary.getByRole('img', { name: 'Component vulnerabilities' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Refresh metrics' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  const refused = await page.request.post(`/components/${uuid}`, {
    form: { intent: 'refreshMetrics' },
    maxRedirects: 0,
  })
  expect(refused.status()).not.toBe(200)
})

test('the overview and component metrics read well in the dark and on a narrow screen', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { project, names } = await seedMeasuredProject(baseURL!)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.setViewportSize({ width: 390, height: 800 })
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  await signIn(page, user, `/projects/${project.uuid}`)
  await expect(page.getByTestId('overview-critical')).toHaveText('1')
  await expectNoAxeViolations(page)
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - innerWidth),
  ).toBeLessThanOrEqual(0)

  const uuid = await componentUuidByName(baseURL!, project.uuid, names.high)
  await page.goto(`/components/${uuid}`)
  await expect(page.getByTestId('component-overview-high')).toHaveText('1')
  await expectNoAxeViolations(page)
})

test('a collection project sums its children’s latest metrics and says how it aggregates', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const collection = await createCollection(baseURL!, `collection-${Date.now()}`)
  await seedMeasuredProject(baseURL!, collection.uuid)
  await waitForMetrics(baseURL!, collection.uuid, (metrics) => metrics.vulnerabilities === 2)
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, `/projects/${collection.uuid}`)
  await expect(
    page.getByText('Collection project aggregating the data of all direct children'),
  ).toHaveCount(2)
  await expect(
    page.getByText(/dashed lines in the charts mark where the collection logic changed/),
  ).toBeVisible()
  await expect(page.getByTestId('overview-critical')).toHaveText('1')
  await expect(page.getByTestId('overview-high')).toHaveText('1')
  await expect(page.getByTestId('project-risk-score')).toHaveText('15')
  // A collection has no BOM or analysis of its own.
  await expect(page.getByRole('region', { name: 'Project facts' })).not.toContainText(
    'Last BOM import',
  )
  await expectNoAxeViolations(page)
})
