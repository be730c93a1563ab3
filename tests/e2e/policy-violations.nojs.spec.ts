import { type Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'
import { seedViolations, VIOLATION_AUDITOR } from './support/violations.ts'

const table = (page: Page) => page.getByRole('table', { name: /^Policy violations \(\d+\)$/ })
const panel = (page: Page) => table(page).locator('tr', { has: page.getByText('Audit trail') })
const audit = (page: Page) =>
  page.getByRole('table', { name: 'Policy Violation Audit' }).locator('tbody tr')
const filters = (page: Page) => page.getByRole('form', { name: 'Filters' })

test('without JavaScript: search, open a violation, approve and suppress it, then show it again', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedViolations(baseURL!)
  const user = await makeUser(VIOLATION_AUDITOR)
  await signIn(page, user, `/projects/${seeded.shop.uuid}/policyViolations`)
  await expect(table(page)).toHaveAccessibleName('Policy violations (3)')
  // The counts per state narrow the list to that state.
  const counts = page.getByRole('navigation', { name: /Violations by state/ })
  await expect(counts.getByRole('link')).toHaveText(['All3', 'Fail2', 'Warn1', 'Inform0'])
  await counts.getByRole('link', { name: /Fail/ }).click()
  await expect(page).toHaveURL(/violationState=FAIL/)
  await expect(table(page)).toHaveAccessibleName('Policy violations (2)')
  await counts.getByRole('link', { name: /All/ }).click()
  await page.getByLabel('Search by policy or component').fill(seeded.forbidden.name)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(table(page)).toHaveAccessibleName('Policy violations (1)')

  await page.getByRole('link', { name: /Show the details of/ }).click()
  await panel(page).getByLabel('Analysis').selectOption('APPROVED')
  await panel(page).getByLabel('Comment').fill('Licensed separately.')
  await panel(page).getByLabel('Suppress this violation').check()
  await panel(page).getByRole('button', { name: 'Save decision' }).click()

  await expect(page.getByText('Decision saved')).toBeVisible()
  await expect(page.getByText('No violation matches the search')).toBeVisible()
  await page.getByLabel('Show suppressed violations').check()
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/suppressed=1/)
  await expect(table(page).locator('tbody tr').first()).toContainText('Approved')
  await page.getByRole('link', { name: /Show the details of/ }).click()
  await expect(panel(page)).toContainText('NOT_SET → APPROVED')
  await expect(panel(page)).toContainText('Licensed separately.')
  await expect(panel(page).getByLabel('Suppress this violation')).toBeChecked()

  await page.getByRole('link', { name: /Hide the details of/ }).click()
  await expect(page.getByText('Audit trail')).toHaveCount(0)
})

test('without JavaScript: the audit Filters apply through Apply, survive a reload and report a bad range', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedViolations(baseURL!)
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_POLICY_VIOLATION'])
  await signIn(page, user, '/policyViolationAudit')
  await filters(page).getByLabel('Search for').fill(seeded.prefix)
  await filters(page).getByRole('checkbox', { name: 'Warn' }).check()
  await filters(page).getByRole('checkbox', { name: 'Not Set' }).check()
  await filters(page).getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/violationState=WARN/)
  await expect(page).toHaveURL(/analysisState=NOT_SET/)
  await expect(audit(page)).toHaveCount(1)
  await expect(audit(page).first()).toContainText(seeded.legacy.name)

  await page.reload()
  await expect(audit(page)).toHaveCount(1)
  await expect(filters(page).getByRole('checkbox', { name: 'Warn' })).toBeChecked()

  const occurred = filters(page).getByRole('group', { name: 'Occurred on' })
  await occurred.getByLabel('From').fill('2999-01-01')
  await occurred.getByLabel('To').fill('2000-01-01')
  await filters(page).getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('From is after To: this range is not applied.')).toBeVisible()
  await expect(audit(page)).toHaveCount(1)

  const csv = page.getByRole('link', { name: 'Download CSV' })
  await expect(csv).toHaveAttribute('href', /^\/policyViolationAudit\/csv\?.*violationState=WARN/)
})

test('without JavaScript: Policy Violation Audit needs VIEW_POLICY_VIOLATION', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/policyViolationAudit')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId('toast')).toContainText('Forbidden (403)')
})
