import { type Locator, type Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures.ts'
import { CVSS_V3, seedInternalVulnerability, uniqueVulnPrefix } from './support/vulnerabilities.ts'

const rows = (page: Page) =>
  page.getByRole('table', { name: 'Vulnerabilities' }).locator('tbody tr')

async function choose(scope: Locator, metric: string, value: string) {
  await scope
    .getByRole('group', { name: metric, exact: true })
    .getByText(value, { exact: true })
    .click()
}

test('without JavaScript: search, filter and sort the list through the URL', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const prefix = uniqueVulnPrefix()
  await seedInternalVulnerability(baseURL!, {
    vulnId: `${prefix}-a`,
    cvssV3Vector: CVSS_V3.critical,
  })
  await seedInternalVulnerability(baseURL!, { vulnId: `${prefix}-b`, cvssV3Vector: CVSS_V3.low })
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/vulnerabilities')

  await page.getByLabel('Search by ID').fill(prefix)
  await page.getByText('Severity:').click()
  await page.getByRole('checkbox', { name: 'Low' }).check()
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/severity=LOW/)
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText(`${prefix}-b`)
  await expect(rows(page).first()).toContainText('Low')

  await page.getByText('Severity:').click()
  await page.getByRole('checkbox', { name: 'Low' }).uncheck()
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(rows(page)).toHaveCount(2)
  await page.getByRole('link', { name: 'Published' }).click()
  await expect(page).toHaveURL(/sortName=published&sortOrder=asc/)
  await page.getByRole('link', { name: 'Name' }).click()
  await page.getByRole('link', { name: 'Name' }).click()
  await expect(page).toHaveURL(/sortName=vulnId&sortOrder=desc/)
  await expect(rows(page).first()).toContainText(`${prefix}-b`)
})

test('without JavaScript: create an internal vulnerability with the calculators, a CWE and an affected component, then edit and delete it', async ({
  page,
  makeUser,
}) => {
  // One long form with several round trips.
  test.setTimeout(120_000)
  const vulnId = `${uniqueVulnPrefix()}-nojs`
  const user = await makeUser(['VIEW_PORTFOLIO', 'VULNERABILITY_MANAGEMENT'])
  await signIn(page, user, '/vulnerabilities')

  await page.getByRole('link', { name: 'Create vulnerability' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create vulnerability' })
  await expect(dialog.getByLabel('Vulnerability ID')).toHaveValue(/^INT-/)
  await dialog.getByLabel('Vulnerability ID').fill(vulnId)
  await dialog.getByLabel('Title').fill('Open redirect in the sign-in page')

  // Without JavaScript every tab is a section of one long form.
  const v3 = dialog.getByRole('region', { name: 'CVSS v3 calculator' })
  await choose(v3, 'Attack vector', 'Network')
  await choose(v3, 'Attack complexity', 'Low')
  await choose(v3, 'Privileges required', 'None')
  await choose(v3, 'User interaction', 'Required')
  await choose(v3, 'Scope', 'Changed')
  await choose(v3, 'Confidentiality impact', 'Low')
  await choose(v3, 'Integrity impact', 'Low')
  await choose(v3, 'Availability impact', 'None')
  await v3.getByRole('button', { name: 'Calculate' }).click()
  await expect(v3.getByRole('meter', { name: 'Base score' })).toHaveAttribute(
    'aria-valuetext',
    '6.1/10',
  )
  await expect(dialog.getByLabel('Title')).toHaveValue('Open redirect in the sign-in page')
  await expect(dialog.locator('output').first()).toHaveText('Medium')

  const owasp = dialog.getByRole('region', { name: 'OWASP Risk Rating' })
  const factors: Array<[string, string]> = [
    ['Skill level', 'Some technical skills (3)'],
    ['Motive', 'Possible reward (4)'],
    ['Opportunity', 'Some access or resources required (7)'],
    ['Size', 'Anonymous Internet users (9)'],
    ['Ease of discovery', 'Easy (7)'],
    ['Ease of exploit', 'Easy (5)'],
    ['Awareness', 'Obvious (6)'],
    ['Intrusion detection', 'Logged without review (8)'],
    ['Loss of confidentiality', 'Minimal non-sensitive data disclosed (2)'],
    ['Loss of integrity', 'Minimal slightly corrupt data (1)'],
    ['Loss of availability', 'Minimal secondary services interrupted (1)'],
    ['Loss of accountability', 'Possibly traceable (7)'],
    ['Financial damage', 'Minor effect on annual profit (3)'],
    ['Reputation damage', 'Loss of goodwill (5)'],
    ['Non-compliance', 'Minor violation (2)'],
    ['Privacy violation', 'One individual (3)'],
  ]
  for (const [factor, label] of factors) await owasp.getByLabel(factor).selectOption({ label })
  await owasp.getByRole('button', { name: 'Calculate' }).click()
  await expect(owasp.getByRole('meter', { name: 'Likelihood' })).toHaveAttribute(
    'aria-valuetext',
    '6.1/9',
  )
  await expect(dialog.locator('output').nth(1)).toHaveText('High')

  await dialog.getByRole('button', { name: 'Select CWE' }).click()
  const picker = page.getByRole('dialog', { name: 'Select CWE' })
  await picker.getByLabel('Search by CWE number or name').fill('601')
  // Enter in the search field searches (the form's first button), it does not create.
  await picker.getByLabel('Search by CWE number or name').press('Enter')
  await picker.getByRole('checkbox', { name: 'Choose CWE-601' }).check()
  // A second search keeps the first choice.
  await picker.getByLabel('Search by CWE number or name').fill('Cross-Site Request Forgery')
  await picker.getByRole('button', { name: 'Search', exact: true }).click()
  await picker.getByRole('checkbox', { name: 'Choose CWE-352' }).check()
  await picker.getByRole('button', { name: 'Select', exact: true }).click()
  await expect(dialog.getByText(/CWE-601: URL Redirection to Untrusted Site/)).toBeVisible()
  await expect(dialog.getByText(/CWE-352: Cross-Site Request Forgery/)).toBeVisible()

  await dialog.getByLabel('Identifier', { exact: true }).fill('pkg:maven/com.acme/sign-in@2.0.0')
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(
    dialog.getByRole('cell', { name: 'pkg:maven/com.acme/sign-in@2.0.0', exact: true }),
  ).toBeVisible()

  await dialog.getByRole('button', { name: 'Create', exact: true }).click()
  await expect(page.getByTestId('toast')).toContainText('Vulnerability created')
  await expect(page).toHaveURL(`/vulnerabilities/INTERNAL/${vulnId}`)
  await expect(page.getByRole('meter', { name: 'CVSS v3 base score' })).toHaveAttribute(
    'aria-valuetext',
    '6.1/10',
  )
  await expect(page.getByRole('meter', { name: 'Likelihood' })).toHaveAttribute(
    'aria-valuetext',
    '6.1/9',
  )
  await expect(page.getByRole('link', { name: /CWE-601/ })).toBeVisible()

  await page.getByRole('link', { name: 'View details' }).click()
  const details = page.getByRole('dialog', { name: 'Vulnerability details' })
  await expect(
    details.getByRole('cell', { name: 'pkg:maven/com.acme/sign-in@2.0.0', exact: true }),
  ).toBeVisible()
  await details.getByLabel('Severity', { exact: true }).selectOption('HIGH')
  await details.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Vulnerability updated')
  await expect(page.getByText('High', { exact: true })).toBeVisible()

  await page.getByRole('link', { name: 'View details' }).click()
  await page
    .getByRole('dialog', { name: 'Vulnerability details' })
    .getByRole('link', { name: 'Delete' })
    .click()
  await page
    .getByRole('dialog', { name: 'Delete vulnerability' })
    .getByRole('button', { name: 'Delete vulnerability' })
    .click()
  await expect(page.getByTestId('toast')).toContainText('Vulnerability deleted')
  await expect(page).toHaveURL('/vulnerabilities')
})
