import { expect, signIn, test } from './support/fixtures.ts'
import { seedFindings } from './support/findings.ts'

test('without JavaScript: the component vulnerabilities list searches and sorts through the URL', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { component, vulnIds } = await seedFindings(baseURL!, 2)
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, `/components/${component.uuid}/vulnerabilities`)
  const rows = page.locator('table tbody tr')
  await expect(rows).toHaveCount(2)
  await page.getByRole('link', { name: 'Name' }).click()
  await page.getByRole('link', { name: 'Name' }).click()
  await expect(page).toHaveURL(/sortName=vulnId&sortOrder=desc/)
  await expect(rows.first()).toContainText(vulnIds[1]!)
  await page.getByLabel('Search by ID').fill(vulnIds[0]!)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText(vulnIds[0]!)
})
