import { type Page } from '@playwright/test'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { overflow } from './support/layout.ts'
import { seedViolations, VIOLATION_AUDITOR } from './support/violations.ts'

const table = (page: Page) => page.getByRole('table', { name: /^Policy violations \(\d+\)$/ })
const rows = (page: Page) => table(page).locator('tbody > tr:has(td a[aria-expanded])')
const panel = (page: Page) => table(page).locator('tr', { has: page.getByText('Audit trail') })

test("an auditor sees the project's violations, opens one and records a decision; the trail shows it", async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedViolations(baseURL!)
  const user = await makeUser(VIOLATION_AUDITOR)
  await signIn(page, user, `/projects/${seeded.shop.uuid}`)
  await page.getByRole('link', { name: 'Policy violations' }).click()
  await expect(table(page)).toHaveAccessibleName('Policy violations (3)')
  await expect(rows(page)).toHaveCount(3)
  expect(await overflow(page)).toEqual({ table: 0, page: 0 })
  await expectNoAxeViolations(page)

  await table(page).getByRole('link', { name: 'State' }).click()
  await expect(page).toHaveURL(/sortName=policyCondition.policy.violationState&sortOrder=asc/)
  await expect(rows(page).first()).toContainText('Warn')
  await table(page).getByRole('link', { name: 'Policy name' }).click()
  await expect(page).toHaveURL(/sortName=policyCondition.policy.name&sortOrder=asc/)
  await expect(rows(page).nth(0)).toContainText(seeded.copyleft.name)
  await expect(rows(page).nth(0)).toContainText('License')
  await expect(rows(page).nth(1)).toContainText(seeded.forbidden.name)
  await expect(rows(page).nth(1)).toContainText('Operational')
  await expect(rows(page).nth(2)).toContainText(seeded.legacy.name)

  await rows(page)
    .first()
    .getByRole('link', { name: /Show the details of/ })
    .click()
  await expect(page).toHaveURL(/expanded=/)
  const details = panel(page)
  // The license condition names the license its uuid stands for.
  await expect(
    details.getByText(
      'subject == LICENSE && value IS GPL-3.0-only (GNU General Public License v3.0 only)',
    ),
  ).toBeVisible()
  await expect(details.getByText('GPL-3.0-only', { exact: true })).toBeVisible()
  await expect(details.getByText('No decision recorded yet')).toBeVisible()
  await details.getByLabel('Analysis').selectOption('REJECTED')
  await details.getByLabel('Comment').fill('Replace it before the release.')
  await expectNoAxeViolations(page)
  await details.getByRole('button', { name: 'Save decision' }).click()

  await expect(page.getByTestId('toast')).toContainText('Decision saved')
  await expect(panel(page)).toContainText('NOT_SET → REJECTED')
  await expect(panel(page)).toContainText('Replace it before the release.')
  await expect(panel(page)).toContainText(user.username)
  await expect(panel(page).getByLabel('Analysis')).toHaveValue('REJECTED')
  await expect(rows(page).first()).toContainText('Rejected')
})

test('suppressing a violation hides it until the switch shows suppressed violations', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedViolations(baseURL!)
  const user = await makeUser(VIOLATION_AUDITOR)
  await signIn(page, user, `/projects/${seeded.shop.uuid}/policyViolations`)
  await page.getByLabel('Search by policy or component').fill(`${seeded.prefix}-legacy`)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(rows(page)).toHaveCount(1)
  await rows(page)
    .getByRole('link', { name: /Show the details of/ })
    .click()
  await panel(page).getByLabel('Analysis').selectOption('APPROVED')
  await panel(page).getByLabel('Suppress this violation').check()
  await panel(page).getByRole('button', { name: 'Save decision' }).click()
  await expect(page.getByTestId('toast')).toContainText('Decision saved')
  await expect(page.getByText('No violation matches the search')).toBeVisible()

  await page.getByLabel('Show suppressed violations').check()
  await expect(page).toHaveURL(/suppressed=1/)
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('Approved')
  await expect(rows(page).first().getByText('Suppressed', { exact: true })).toBeAttached()
  await rows(page)
    .first()
    .getByRole('link', { name: /Show the details of/ })
    .click()
  // A first decision notes the state change only (4.13: "Suppressed" marks later changes).
  await expect(panel(page)).toContainText('NOT_SET → APPROVED')
  await expect(panel(page).getByLabel('Suppress this violation')).toBeChecked()

  await panel(page).getByLabel('Suppress this violation').uncheck()
  await panel(page).getByRole('button', { name: 'Save decision' }).click()
  await expect(panel(page)).toContainText('Unsuppressed')
  await expect(rows(page).first().getByText('Not suppressed', { exact: true })).toBeAttached()
})

test('a reader without the analysis permission sees the trail and the state but no form', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedViolations(baseURL!)
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_POLICY_VIOLATION'])
  await signIn(page, user, `/projects/${seeded.billing.uuid}/policyViolations`)
  await rows(page)
    .first()
    .getByRole('link', { name: /Show the details of/ })
    .click()
  await expect(panel(page)).toContainText('No decision recorded yet')
  await expect(panel(page)).toContainText('Not Set')
  await expect(panel(page).getByRole('button', { name: 'Save decision' })).toHaveCount(0)
  // Only policy managers get a link to the policy.
  await expect(panel(page).getByRole('link', { name: seeded.forbidden.name })).toHaveCount(0)
})

test('the violations tab reads well in the dark and on a narrow screen, panel open', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedViolations(baseURL!)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.setViewportSize({ width: 390, height: 900 })
  const user = await makeUser([...VIOLATION_AUDITOR, 'POLICY_MANAGEMENT'])
  await signIn(page, user, `/projects/${seeded.shop.uuid}/policyViolations`)
  await rows(page)
    .first()
    .getByRole('link', { name: /Show the details of/ })
    .click()
  await expect(panel(page).getByLabel('Analysis')).toBeVisible()
  await expect(
    panel(page).getByRole('link', { name: /no (copyleft|forbidden|legacy)$/ }),
  ).toBeVisible()
  await expectNoAxeViolations(page)
})
