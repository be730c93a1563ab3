import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { seedFindings } from './support/findings.ts'

test('a component lists its vulnerabilities: search, sort and the tab between overview and list', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { component, vulnIds } = await seedFindings(baseURL!, 2)
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, `/components/${component.uuid}`)
  await page
    .getByRole('navigation', { name: 'Component sections' })
    .getByRole('link', { name: 'Vulnerabilities' })
    .click()
  await expect(page).toHaveURL(`/components/${component.uuid}/vulnerabilities`)
  const table = page.getByRole('table', { name: 'Vulnerabilities (2)' })
  const rows = table.locator('tbody tr')
  await expect(rows).toHaveCount(2)
  await expect(rows.first()).toContainText('CWE-79')
  await expectNoAxeViolations(page)

  await table.getByRole('link', { name: 'Severity' }).click()
  await expect(page).toHaveURL(/sortName=severity&sortOrder=asc/)
  await expect(rows.first()).toContainText(vulnIds[1]!)
  await expect(rows.first()).toContainText('Low')
  await table.getByRole('link', { name: 'Severity' }).click()
  await expect(rows.first()).toContainText(vulnIds[0]!)
  await expect(rows.first()).toContainText('Critical')
  await expect(rows.first()).toContainText('9.8')

  await page.getByLabel('Search by ID').fill(vulnIds[1]!)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  const found = page.getByRole('table', { name: 'Vulnerabilities (1)' })
  await expect(found).toBeVisible()
  await found.getByRole('link', { name: vulnIds[1]! }).click()
  await expect(page).toHaveURL(`/vulnerabilities/INTERNAL/${vulnIds[1]}`)
})

test('the component vulnerabilities tab reads well in the dark and on a narrow screen', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { component } = await seedFindings(baseURL!, 1)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.setViewportSize({ width: 390, height: 800 })
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, `/components/${component.uuid}/vulnerabilities`)
  await expect(page.getByRole('table', { name: 'Vulnerabilities (1)' })).toBeVisible()
  await expectNoAxeViolations(page)
})
