import { type Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'
import { seedFindings } from './support/findings.ts'

const table = (page: Page) => page.getByRole('table', { name: /^Findings \(\d+\)$/ })
const panel = (page: Page) => table(page).locator('tr', { has: page.getByText('Audit trail') })

test('without JavaScript: open a finding and record a decision; the trail shows the change', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { project, vulnIds } = await seedFindings(baseURL!, 2)
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_VULNERABILITY', 'VULNERABILITY_ANALYSIS'])
  await signIn(page, user, `/projects/${project.uuid}/findings`)
  await page.getByLabel('Search by vulnerability or component').fill(vulnIds[1]!)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(table(page)).toHaveAccessibleName('Findings (1)')

  await page.getByRole('link', { name: /Show the details of/ }).click()
  await expect(panel(page).getByText('Flaw number 2')).toBeVisible()
  await panel(page).getByLabel('Analysis').selectOption('EXPLOITABLE')
  // Without JavaScript the justification stays enabled; the server drops it for other states.
  await panel(page).getByLabel('Justification').selectOption('CODE_NOT_PRESENT')
  await panel(page).getByLabel('Vendor response').selectOption('UPDATE')
  await panel(page).getByLabel('Details').fill('Reachable from the public API.')
  await panel(page).getByRole('button', { name: 'Save decision' }).click()

  await expect(page).toHaveURL(new RegExp(`searchText=${vulnIds[1]}.*expanded=`))
  await expect(panel(page)).toContainText('EXPLOITABLE')
  await expect(panel(page)).toContainText('Reachable from the public API.')
  await expect(panel(page).getByLabel('Justification')).toHaveValue('NOT_SET')
  await expect(panel(page).getByLabel('Vendor response')).toHaveValue('UPDATE')
  await expect(table(page).locator('tbody tr').first()).toContainText('Exploitable')

  await page.getByRole('link', { name: /Hide the details of/ }).click()
  await expect(page.getByText('Audit trail')).toHaveCount(0)
})

test('without JavaScript: the columns picker hides and shows optional columns', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { project } = await seedFindings(baseURL!, 1)
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_VULNERABILITY'])
  await signIn(page, user, `/projects/${project.uuid}/findings`)
  await expect(table(page).getByRole('columnheader', { name: 'Matrix' })).toHaveCount(0)
  await page.locator('summary', { hasText: 'Columns' }).click()
  await page.getByRole('checkbox', { name: 'Matrix' }).check()
  await page.getByRole('checkbox', { name: 'Weakness (CWE)' }).uncheck()
  await page
    .locator('details', { hasText: 'Columns' })
    .getByRole('button', { name: 'Apply' })
    .click()
  await expect(table(page).getByRole('columnheader', { name: /Matrix/ })).toBeVisible()
  await expect(table(page).getByRole('columnheader', { name: 'Weakness (CWE)' })).toHaveCount(0)
  await expect(table(page).locator('tbody tr').first()).toContainText(project.uuid)
})

test('without JavaScript: one decision for the ticked findings through bulk audit', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { project, vulnIds } = await seedFindings(baseURL!, 3)
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_VULNERABILITY', 'VULNERABILITY_ANALYSIS'])
  await signIn(page, user, `/projects/${project.uuid}/findings?sortName=vulnerability.vulnId`)
  await page.getByRole('checkbox', { name: new RegExp(`Select .*${vulnIds[0]}$`) }).check()
  await page.getByRole('checkbox', { name: new RegExp(`Select .*${vulnIds[2]}$`) }).check()
  await page.getByText('Audit the selected findings').click()
  const bulk = page.getByRole('form', { name: 'Bulk audit' })
  await bulk.getByLabel('Analysis state').selectOption('IN_TRIAGE')
  await bulk.getByLabel('Comment').fill('Looking into both.')
  await bulk.getByRole('button', { name: 'Apply to selected findings' }).click()

  await expect(page).toHaveURL(/\/findings\?sortName=vulnerability.vulnId$/)
  const rows = table(page).locator('tbody tr')
  await expect(rows.nth(0)).toContainText('In Triage')
  await expect(rows.nth(1)).not.toContainText('In Triage')
  await expect(rows.nth(2)).toContainText('In Triage')
})
