import { componentUuidByName } from './support/findings.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { seedMeasuredProject } from './support/metrics.ts'

test('without JavaScript: rings, counters, chart numbers, the range and a refresh', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { project, names } = await seedMeasuredProject(baseURL!)
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  await signIn(page, user, `/projects/${project.uuid}`)

  await expect(
    page
      .getByTestId('project-rings')
      .getByRole('img', { name: 'High severity vulnerabilities: 1' }),
  ).toBeVisible()
  await expect(page.getByTestId('project-risk-score')).toHaveText('15')
  await expect(page.getByTestId('overview-critical')).toHaveText('1')

  // Every chart's numbers open as a table without a script.
  const vulnerabilities = page.getByRole('region', { name: 'Project vulnerabilities' })
  await vulnerabilities
    .locator('summary', { hasText: 'Project vulnerabilities: the numbers as a table' })
    .click()
  const last = vulnerabilities.getByRole('table').locator('tbody tr').last()
  await expect(last.locator('td')).toHaveText(['1', '1', '0', '0', '0'])

  await page
    .getByRole('navigation', { name: 'Period' })
    .getByRole('link', { name: '30 days' })
    .click()
  await expect(page).toHaveURL(`/projects/${project.uuid}?days=30`)
  await page.getByRole('button', { name: 'Refresh metrics' }).click()
  await expect(page.getByText('Metric refresh requested')).toBeVisible()
  await expect(page).toHaveURL(`/projects/${project.uuid}?days=30`)

  await page.goto(`/projects?searchText=${project.name}`)
  await expect(page.getByRole('row', { name: new RegExp(project.name) })).toContainText(
    '2 in total (Critical: 1, High: 1, Medium: 0, Low: 0, Unassigned: 0)',
  )

  const uuid = await componentUuidByName(baseURL!, project.uuid, names.critical)
  await page.goto(`/components/${uuid}`)
  await expect(page.getByTestId('component-overview-critical')).toHaveText('1')
  await expect(page.getByTestId('component-overview-risk-score')).toHaveText('10')
  await page.getByRole('button', { name: 'Refresh metrics' }).click()
  await expect(page.getByText('Metric refresh requested')).toBeVisible()
  await expect(page).toHaveURL(`/components/${uuid}`)
})
