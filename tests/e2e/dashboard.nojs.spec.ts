import { expect, signIn, test } from './support/fixtures.ts'
import { measurePortfolio, seedTeamProject } from './support/portfolio-metrics.ts'

test('without JavaScript: the dashboard’s charts, their tables, the period and the refresh', async ({
  page,
  makeUser,
  baseURL,
}) => {
  await seedTeamProject(baseURL!, undefined, 1)
  await measurePortfolio(baseURL!, (now) => now.vulnerabilities >= 2)
  const manager = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  await signIn(page, manager, '/dashboard')

  for (const name of [
    'Portfolio vulnerabilities',
    'Policy violations by state',
    'Auditing progress: findings',
    'Projects',
    'Vulnerabilities by year',
  ]) {
    await expect(page.getByRole('img', { name, exact: true })).toBeVisible()
  }
  const card = page.getByRole('region', { name: 'Portfolio vulnerabilities', exact: true })
  await card.locator('summary', { hasText: 'the numbers as a table' }).click()
  const table = card.getByRole('table')
  await expect(table.getByRole('columnheader')).toHaveText([
    'Date',
    'Critical',
    'High',
    'Medium',
    'Low',
    'Unassigned',
  ])
  await expect(table.getByRole('row').last().getByRole('cell').first()).not.toHaveText('0')

  await page.getByText('365 days', { exact: true }).click()
  await page.getByRole('checkbox', { name: 'Only latest project versions' }).check()
  await page
    .getByRole('form', { name: 'Dashboard period and projects' })
    .getByRole('button', { name: 'Apply' })
    .click()
  await expect(page).toHaveURL(/days=365/)
  await expect(page).toHaveURL(/onlyLatest=1/)
  await expect(page.getByRole('radio', { name: '365 days' })).toBeChecked()

  await page.getByRole('button', { name: 'Refresh metrics' }).click()
  await expect(page.getByTestId('toast')).toContainText('Metric refresh requested')
  await expect(page).toHaveURL(/days=365/)
})
