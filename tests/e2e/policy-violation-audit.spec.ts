import { type Page } from '@playwright/test'
import { text as streamText } from 'node:stream/consumers'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { overflow } from './support/layout.ts'
import { seedViolations } from './support/violations.ts'

const rows = (page: Page) =>
  page.getByRole('table', { name: 'Policy Violation Audit' }).locator('tbody tr')
const filters = (page: Page) => page.getByRole('form', { name: 'Filters' })

test('filters apply as they are ticked, live in the address and the CSV holds the whole view', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedViolations(baseURL!)
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_POLICY_VIOLATION'])
  await signIn(page, user, `/policyViolationAudit?textSearchInput=${seeded.prefix}`)
  await expect(page).toHaveURL(/sortName=timestamp&sortOrder=desc/)
  await expect(rows(page)).toHaveCount(4)
  await expect(page.getByText('Results: 4')).toBeVisible()
  // The Policies filter is for policy managers only.
  await expect(filters(page).getByRole('group', { name: 'Policies' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  await filters(page).getByRole('checkbox', { name: 'Fail' }).check()
  await expect(page).toHaveURL(/violationState=FAIL/)
  await expect(rows(page)).toHaveCount(3)
  await expect(rows(page).filter({ hasText: `${seeded.prefix}-billing 2.0` })).toHaveCount(1)
  await expect(rows(page).first()).toContainText(`${seeded.prefix}-forbidden 1.0.0`)

  await page.getByRole('table').getByRole('link', { name: 'Project name' }).click()
  await expect(page).toHaveURL(/sortName=project.name&sortOrder=asc/)
  await expect(rows(page).first()).toContainText(`${seeded.prefix}-billing`)

  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download CSV' }).click()
  const csv = await streamText(await (await download).createReadStream())
  expect(csv.trim().split('\n')).toHaveLength(4)
  expect(csv).toContain(`${seeded.prefix}-billing`)
  expect(csv).not.toContain(`${seeded.prefix}-legacy`)

  await filters(page).getByRole('link', { name: 'Clear all' }).click()
  await expect(page).not.toHaveURL(/violationState/)
})

test('a policy manager filters by policy, and a row leads to its audit on the project', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedViolations(baseURL!)
  const user = await makeUser([
    'VIEW_PORTFOLIO',
    'VIEW_POLICY_VIOLATION',
    'POLICY_VIOLATION_ANALYSIS',
    'POLICY_MANAGEMENT',
  ])
  await signIn(page, user, '/policyViolationAudit')
  const policies = filters(page).getByRole('group', { name: 'Policies' })
  await policies.getByRole('checkbox', { name: seeded.legacy.name }).check()
  await expect(page).toHaveURL(new RegExp(`policy=${seeded.legacy.uuid}`))
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText('Warn')
  await expect(rows(page).first()).toContainText('Operational')

  await rows(page)
    .first()
    .getByRole('link', { name: /audit the violation of/ })
    .click()
  await expect(page).toHaveURL(new RegExp(`/projects/${seeded.shop.uuid}/policyViolations`))
  await expect(page.getByRole('button', { name: 'Save decision' })).toBeVisible()
  await expect(page.getByText('subject == COORDINATES && value MATCHES')).toBeVisible()
})

test('Policy Violation Audit reads well in the dark and on a narrow screen', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedViolations(baseURL!)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.setViewportSize({ width: 390, height: 900 })
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_POLICY_VIOLATION', 'POLICY_MANAGEMENT'])
  await signIn(page, user, `/policyViolationAudit?textSearchInput=${seeded.prefix}`)
  await expect(rows(page)).toHaveCount(4)
  await expectNoAxeViolations(page)
})

test('at 1366 px the audit table fits beside the Filters; narrow screens never scroll sideways', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedViolations(baseURL!)
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_POLICY_VIOLATION'])
  await page.setViewportSize({ width: 1366, height: 768 })
  await signIn(page, user, `/policyViolationAudit?suppressed=1&textSearchInput=${seeded.prefix}`)
  await expect(rows(page)).toHaveCount(4)
  expect(await overflow(page)).toEqual({ table: 0, page: 0 })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect.poll(async () => (await overflow(page)).page).toBe(0)
})
