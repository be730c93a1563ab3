import type { Page } from '@playwright/test'
import { createUser } from './support/api.ts'
import { startFreshServer } from './support/fresh-server.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { ossIndexPort } from './support/offline-services.ts'
import { releaseAdmin } from './support/list-data.ts'
import {
  addFinding,
  createTeam,
  enablePortfolioAcl,
  joinTeam,
  measurePortfolio,
  seedTeamProject,
} from './support/portfolio-metrics.ts'

/** A figure of the Portfolio statistics card by its label. */
function statistic(page: Page, label: string) {
  return page
    .getByRole('region', { name: 'Portfolio statistics' })
    .locator('div')
    .filter({ has: page.getByRole('term').getByText(label, { exact: true }) })
    .getByRole('definition')
}

test('the dashboard draws each reader’s own portfolio, per period, and refreshes on request', async ({
  page,
}) => {
  test.slow()
  // A long cache life: a figure that changes before it runs out proves the cache was emptied.
  const server = await startFreshServer({
    LOOKOUT_METRICS_CACHE_TTL_MS: '600000',
    // New components are analysed at once; the loopback OSS Index answers without the internet.
    LOOKOUT_OSSINDEX_URL: `http://127.0.0.1:${ossIndexPort()}`,
  })
  try {
    const base = server.baseUrl
    await releaseAdmin(base)
    const [shop, billing] = [await createTeam(base, 'Shop'), await createTeam(base, 'Billing')]
    const manager = await createUser(base, ['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
    const viewer = await createUser(base, ['VIEW_PORTFOLIO'])
    await joinTeam(base, manager.username, shop.uuid)
    await joinTeam(base, manager.username, billing.uuid)
    await joinTeam(base, viewer.username, shop.uuid)
    // Shop: 1 critical + 1 low; Billing: 1 critical + 2 low. The viewer sees only Shop.
    const shopProject = await seedTeamProject(base, shop.uuid, 1)
    await seedTeamProject(base, billing.uuid, 2)
    await enablePortfolioAcl(base)
    await measurePortfolio(base, (now) => now.vulnerabilities === 5 && now.projects === 2)

    await signIn(page, manager, `${base}/dashboard`)
    await expect(statistic(page, 'Portfolio vulnerabilities')).toHaveText('5')
    await expect(statistic(page, 'Projects')).toHaveText('2')
    await expect(statistic(page, 'Vulnerable projects')).toHaveText('2')
    const chart = page.getByRole('img', { name: 'Portfolio vulnerabilities', exact: true })
    await expect(chart).toBeVisible()
    const card = page.getByRole('region', { name: 'Portfolio vulnerabilities', exact: true })
    // The footer gives the newest count of each severity and its share.
    const critical = card
      .locator('dl > div')
      .filter({ has: page.getByRole('term').getByText('Critical', { exact: true }) })
    await expect(critical.getByRole('definition').first()).toHaveText(/^2\s*\(40%\)$/)
    await card.locator('summary', { hasText: 'the numbers as a table' }).click()
    const table = card.getByRole('table', {
      name: 'Portfolio vulnerabilities: the numbers as a table',
    })
    // Critical, high, medium, low, unassigned of the newest sample.
    await expect(table.getByRole('row').last().getByRole('cell')).toHaveText([
      '2',
      '0',
      '0',
      '3',
      '0',
    ])
    await expect(page.getByRole('img', { name: 'Vulnerabilities by year' })).toBeVisible()
    await expectNoAxeViolations(page)

    // The period lives in the URL: a choice applies at once and a link keeps it.
    await page.getByText('30 days', { exact: true }).click()
    await expect(page).toHaveURL(/[?&]days=30/)
    await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked()
    await page.goto(`${base}/dashboard?days=365&excludeInactive=1`)
    await expect(page.getByRole('radio', { name: '365 days' })).toBeChecked()
    await expect(page.getByRole('checkbox', { name: 'Exclude inactive projects' })).toBeChecked()
    await expect(statistic(page, 'Portfolio vulnerabilities')).toHaveText('5')

    // Another reader, another team: only their projects count, whatever the cache holds.
    await page.context().clearCookies()
    await signIn(page, viewer, `${base}/dashboard`)
    await expect(statistic(page, 'Portfolio vulnerabilities')).toHaveText('2')
    await expect(statistic(page, 'Projects')).toHaveText('1')
    await expect(page.getByRole('button', { name: 'Refresh metrics' })).toHaveCount(0)
    await page.goto(`${base}/projects`)
    await expect(page.getByRole('region', { name: /Portfolio at a glance/ })).toContainText(
      'Projects at risk',
    )

    // A new finding is measured, but the manager's figures stay cached until they refresh.
    await addFinding(base, shopProject.component.uuid, `${shopProject.prefix}-late`)
    await measurePortfolio(base, (now) => now.vulnerabilities === 6)
    await page.context().clearCookies()
    await signIn(page, manager, `${base}/dashboard`)
    await expect(statistic(page, 'Portfolio vulnerabilities')).toHaveText('5')
    await page.getByRole('button', { name: 'Refresh metrics' }).click()
    await expect(page.getByTestId('toast')).toContainText('Metric refresh requested')
    await expect(statistic(page, 'Portfolio vulnerabilities')).toHaveText('6')
  } finally {
    await server.stop()
  }
})

test('the dashboard reads well narrow and dark', async ({ page, makeUser, baseURL }) => {
  await seedTeamProject(baseURL!, undefined, 1)
  await measurePortfolio(baseURL!, (now) => now.vulnerabilities >= 2)
  const reader = await makeUser(['VIEW_PORTFOLIO'])
  await page.setViewportSize({ width: 390, height: 844 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await signIn(page, reader, '/dashboard')
  await expect(
    page.getByRole('img', { name: 'Portfolio vulnerabilities', exact: true }),
  ).toBeVisible()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoAxeViolations(page)
})
