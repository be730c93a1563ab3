import { type Locator, type Page } from '@playwright/test'
import { createProject } from './support/api.ts'
import { projectWithGraph } from './support/dependency-graph.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import {
  assignVulnerability,
  CVSS_V3,
  seedComponent,
  seedInternalVulnerability,
  uniqueVulnPrefix,
} from './support/vulnerabilities.ts'

/** A score as assistive technology reads it: the meter's name and value text. */
const score = (scope: Page | Locator, name: string) =>
  scope.getByRole('meter', { name, exact: true })

const rows = (page: Page) =>
  page.getByRole('table', { name: 'Vulnerabilities' }).locator('tbody tr')

/** Picks a value of a CVSS metric (a row of radio buttons). */
async function choose(dialog: Locator, metric: string, value: string) {
  await dialog
    .getByRole('group', { name: metric, exact: true })
    .getByText(value, { exact: true })
    .click()
}

test('the list searches, filters by severity, source and exploitation, sorts and opens a vulnerability', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const prefix = uniqueVulnPrefix()
  await seedInternalVulnerability(baseURL!, {
    vulnId: `${prefix}-a`,
    title: 'Heap overflow in the parser',
    cvssV3Vector: CVSS_V3.critical,
    published: '2025-01-15',
    cwes: [{ cweId: 787 }],
  })
  await seedInternalVulnerability(baseURL!, { vulnId: `${prefix}-b`, cvssV3Vector: CVSS_V3.medium })
  await seedInternalVulnerability(baseURL!, { vulnId: `${prefix}-c`, cvssV3Vector: CVSS_V3.low })
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/vulnerabilities')

  await expect(page.getByRole('heading', { level: 1, name: 'Vulnerabilities' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create vulnerability' })).toHaveCount(0)
  await page.getByLabel('Search by ID').fill(prefix)
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(rows(page)).toHaveCount(3)
  await expect(page).toHaveURL(new RegExp(`searchText=${prefix}`))
  const first = rows(page).first()
  await expect(first).toContainText(`${prefix}-a`)
  await expect(first).toContainText('Heap overflow in the parser')
  await expect(first).toContainText('15 Jan 2025')
  await expect(first).toContainText('CWE-787')
  await expect(first).toContainText('Critical')
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Name' }).click()
  await expect(page).toHaveURL(/sortName=vulnId&sortOrder=asc/)
  await page.getByRole('link', { name: 'Name' }).click()
  await expect(page).toHaveURL(/sortOrder=desc/)
  await expect(rows(page).first()).toContainText(`${prefix}-c`)

  await page.getByText('Severity:').click()
  await page.getByRole('checkbox', { name: 'Critical' }).check()
  await expect(page).toHaveURL(/severity=CRITICAL/)
  await expect(rows(page)).toHaveCount(1)
  await expect(rows(page).first()).toContainText(`${prefix}-a`)

  await page.getByText('Source:').click()
  await page.getByRole('checkbox', { name: 'NVD' }).check()
  await expect(page.getByText('No vulnerability matches these filters')).toBeVisible()
  await page.getByRole('checkbox', { name: 'NVD' }).uncheck()
  await page.getByRole('checkbox', { name: 'Internal' }).check()
  await expect(page).toHaveURL(/source=INTERNAL/)
  await expect(rows(page)).toHaveCount(1)

  await page.getByRole('checkbox', { name: 'Known exploited only' }).check()
  await expect(page).toHaveURL(/kev=1/)
  await expect(page.getByText('No vulnerability matches these filters')).toBeVisible()
  await page.getByRole('checkbox', { name: 'Known exploited only' }).uncheck()
  await page.getByRole('checkbox', { name: 'One row per flaw' }).uncheck()
  await expect(page).toHaveURL(/perFlaw=0(?!&perFlaw=1)/)
  await expect(rows(page)).toHaveCount(1)

  await rows(page)
    .first()
    .getByRole('link', { name: `${prefix}-a` })
    .click()
  await expect(page).toHaveURL(`/vulnerabilities/INTERNAL/${prefix}-a`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`${prefix}-a`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('(INTERNAL)')
})

test('a vulnerability manager creates an internal vulnerability with the calculators, edits it and deletes it', async ({
  page,
  makeUser,
}) => {
  const vulnId = `${uniqueVulnPrefix()}-created`
  const user = await makeUser(['VIEW_PORTFOLIO', 'VULNERABILITY_MANAGEMENT'])
  await signIn(page, user, '/vulnerabilities')

  await page.getByRole('link', { name: 'Create vulnerability' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create vulnerability' })
  await expect(dialog.getByLabel('Vulnerability ID')).toHaveValue(
    /^INT-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/,
  )
  const generated = await dialog.getByLabel('Vulnerability ID').inputValue()
  await dialog.getByRole('button', { name: 'Generate' }).click()
  await expect(dialog.getByLabel('Vulnerability ID')).not.toHaveValue(generated)
  await expectNoAxeViolations(page)
  await dialog.getByLabel('Vulnerability ID').fill(vulnId)
  await dialog.getByLabel('Title').fill('Template injection in the mail renderer')
  await dialog
    .getByRole('textbox', { name: 'Description' })
    .fill('Untrusted **subject lines** reach the template engine.')

  await dialog.getByRole('tab', { name: 'CVSS v3 calculator' }).click()
  await choose(dialog, 'Attack vector', 'Network')
  await choose(dialog, 'Attack complexity', 'Low')
  await choose(dialog, 'Privileges required', 'None')
  await choose(dialog, 'User interaction', 'None')
  await choose(dialog, 'Scope', 'Unchanged')
  await choose(dialog, 'Confidentiality impact', 'High')
  await choose(dialog, 'Integrity impact', 'High')
  await choose(dialog, 'Availability impact', 'High')
  // With JavaScript the scores follow the choices without a Calculate button.
  await expect(score(dialog, 'Base score')).toHaveAttribute('aria-valuetext', '9.8/10')
  await expect(score(dialog, 'Impact subscore')).toHaveAttribute('aria-valuetext', '5.9/10')
  await expect(dialog.getByRole('button', { name: 'Calculate' })).toHaveCount(0)
  await choose(dialog, 'Attack vector', 'Local')
  await expect(score(dialog, 'Base score')).toHaveAttribute('aria-valuetext', '8.4/10')
  await choose(dialog, 'Attack vector', 'Network')
  await expect(score(dialog, 'Base score')).toHaveAttribute('aria-valuetext', '9.8/10')
  await expectNoAxeViolations(page)

  await dialog.getByRole('tab', { name: 'OWASP Risk Rating' }).click()
  await dialog.getByLabel('Skill level').selectOption({ label: 'Advanced computer user (5)' })
  await expectNoAxeViolations(page)

  await dialog.getByRole('tab', { name: 'General' }).click()
  await expect(dialog.locator('output').first()).toHaveText('Critical')
  await dialog.getByRole('button', { name: 'Select CWE' }).click()
  const picker = page.getByRole('dialog', { name: 'Select CWE' })
  await picker.getByLabel('Search by CWE number or name').fill('cross-site scripting')
  await picker.getByRole('button', { name: 'Search' }).click()
  await expect(picker.getByRole('checkbox', { name: 'Choose CWE-79' })).toBeVisible()
  await expectNoAxeViolations(page)
  await picker.getByRole('checkbox', { name: 'Choose CWE-79' }).check()
  await picker.getByRole('button', { name: 'Select', exact: true }).click()
  await expect(
    dialog.getByText(/CWE-79: Improper Neutralization of Input During Web Page Generation/),
  ).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Select CWE' })).toBeFocused()
  // The round trip kept what was typed and chosen.
  await expect(dialog.getByLabel('Title')).toHaveValue('Template injection in the mail renderer')
  await dialog.getByRole('tab', { name: 'CVSS v3 calculator' }).click()
  await expect(score(dialog, 'Base score')).toHaveAttribute('aria-valuetext', '9.8/10')

  await dialog.getByRole('tab', { name: 'Affected components' }).click()
  await dialog.getByLabel('Identifier', { exact: true }).fill('pkg:npm/mail-renderer')
  await dialog.getByLabel('A range of versions').check()
  await dialog.getByLabel('Version of "From"').fill('1.0.0')
  await dialog.getByLabel('Comparison of "Up to"').selectOption('<=')
  await dialog.getByLabel('Version of "Up to"').fill('1.4.2')
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(
    dialog.getByRole('cell', { name: 'pkg:npm/mail-renderer (>=1.0.0|<=1.4.2)', exact: true }),
  ).toBeVisible()
  // Ready for the next one: the Add form is empty and has focus.
  await expect(dialog.getByLabel('Identifier', { exact: true })).toBeFocused()
  await expect(dialog.getByLabel('Identifier', { exact: true })).toHaveValue('')
  await expectNoAxeViolations(page)

  await dialog.getByRole('button', { name: 'Create', exact: true }).click()
  await expect(page.getByTestId('toast')).toContainText('Vulnerability created')
  await expect(page).toHaveURL(`/vulnerabilities/INTERNAL/${vulnId}`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(vulnId)
  await expect(page.getByText('Template injection in the mail renderer')).toBeVisible()
  await expect(page.getByText('Critical', { exact: true })).toBeVisible()
  await expect(page.locator('.markdown strong')).toHaveText('subject lines')
  await expect(score(page, 'CVSS v3 base score')).toHaveAttribute('aria-valuetext', '9.8/10')
  await expect(page.getByRole('link', { name: /CWE-79/ })).toHaveAttribute(
    'href',
    'https://cwe.mitre.org/data/definitions/79.html',
  )
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'View details' }).click()
  const details = page.getByRole('dialog', { name: 'Vulnerability details' })
  await expect(details.getByLabel('Vulnerability ID')).toHaveAttribute('readonly', '')
  await expectNoAxeViolations(page)
  await details.getByLabel('Title').fill('Template injection in the mail renderer (fixed in 1.4.3)')
  await details.getByRole('tab', { name: 'Affected components' }).click()
  await expect(
    details.getByRole('cell', { name: 'pkg:npm/mail-renderer (>=1.0.0|<=1.4.2)', exact: true }),
  ).toBeVisible()
  await details.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Vulnerability updated')
  await expect(
    page.getByText('Template injection in the mail renderer (fixed in 1.4.3)'),
  ).toBeVisible()

  await page.getByRole('link', { name: 'View details' }).click()
  await page
    .getByRole('dialog', { name: 'Vulnerability details' })
    .getByRole('link', { name: 'Delete' })
    .click()
  const confirm = page.getByRole('dialog', { name: 'Delete vulnerability' })
  await expect(confirm).toContainText(vulnId)
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: 'Delete vulnerability' }).click()
  await expect(page.getByTestId('toast')).toContainText('Vulnerability deleted')
  await expect(page).toHaveURL('/vulnerabilities')
  await page.goto(`/vulnerabilities/INTERNAL/${vulnId}`)
  await expect(page.getByRole('heading', { name: 'Oops! This is awkward' })).toBeVisible()
})

test('the create dialog refuses a duplicate id and a range without bounds, keeping what was typed', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const existing = await seedInternalVulnerability(baseURL!, {
    vulnId: `${uniqueVulnPrefix()}-taken`,
  })
  const user = await makeUser(['VIEW_PORTFOLIO', 'VULNERABILITY_MANAGEMENT'])
  await signIn(page, user, '/vulnerabilities?create')
  const dialog = page.getByRole('dialog', { name: 'Create vulnerability' })

  await dialog.getByRole('tab', { name: 'Affected components' }).click()
  await dialog.getByLabel('Identifier', { exact: true }).fill('pkg:npm/left-pad')
  await dialog.getByLabel('A range of versions').check()
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog.getByText('Give at least one version bound for a range')).toBeVisible()
  await expect(dialog.getByLabel('Identifier', { exact: true })).toHaveValue('pkg:npm/left-pad')

  await dialog.getByRole('tab', { name: 'General' }).click()
  await dialog.getByLabel('Vulnerability ID').fill(existing.vulnId)
  await dialog.getByLabel('Title').fill('Kept after the refusal')
  await dialog.getByRole('button', { name: 'Create', exact: true }).click()
  await expect(dialog.getByText('A vulnerability with this ID already exists.')).toBeVisible()
  await expect(dialog.getByLabel('Title')).toHaveValue('Kept after the refusal')
  await expect(dialog.getByLabel('Vulnerability ID')).toHaveAttribute('aria-invalid', 'true')
})

test('the details show the affected projects, inactive ones on request, with links to findings and graph', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const vulnId = `${uniqueVulnPrefix()}-used`
  await seedInternalVulnerability(baseURL!, {
    vulnId,
    title: 'Path traversal in left-pad',
    description: 'A crafted pad string escapes the target directory.\n\n- upgrade\n- or sanitise',
    recommendation: 'Upgrade to 1.3.1.',
    references: '* [Advisory](https://example.org/advisory)',
    cvssV2Vector: '(AV:N/AC:L/Au:N/C:P/I:N/A:N)',
  })
  const active = await projectWithGraph(baseURL!)
  await assignVulnerability(baseURL!, vulnId, active.uuidOf['left-pad']!)
  const retired = await createProject(baseURL!, { name: `retired-${vulnId}`, active: false })
  await assignVulnerability(
    baseURL!,
    vulnId,
    (await seedComponent(baseURL!, retired.uuid, 'left-pad')).uuid,
  )
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_VULNERABILITY'])
  await signIn(page, user, `/vulnerabilities/INTERNAL/${vulnId}`)

  await expect(page.getByRole('heading', { name: 'Recommendation' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Advisory' })).toHaveAttribute('rel', /noopener/)
  await expect(score(page, 'CVSS v2 base score')).toHaveAttribute('aria-valuetext', '5.0/10')
  await expect(page.getByRole('button', { name: 'Update' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  const tab = page.getByRole('link', { name: /Affected projects/ })
  await expect(tab).toContainText('1')
  await tab.click()
  await expect(page).toHaveURL(`/vulnerabilities/INTERNAL/${vulnId}/affectedProjects`)
  const table = page.getByRole('table', { name: 'Affected projects' })
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(table.getByRole('link', { name: active.name, exact: true })).toHaveAttribute(
    'href',
    `/projects/${active.uuid}/findings/${vulnId}`,
  )
  await expect(table.getByRole('link', { name: /Dependency graph of/ })).toHaveAttribute(
    'href',
    `/projects/${active.uuid}/dependencyGraph/${active.uuidOf['left-pad']}`,
  )
  await expectNoAxeViolations(page)
  await page.getByRole('checkbox', { name: 'Show inactive projects' }).check()
  await expect(table.locator('tbody tr')).toHaveCount(2)
  await expect(table).toContainText(`retired-${vulnId}`)

  await page.getByRole('link', { name: 'Overview' }).click()
  await page.getByRole('link', { name: 'View details' }).click()
  const details = page.getByRole('dialog', { name: 'Vulnerability details' })
  await expect(details.getByLabel('Title')).toHaveAttribute('readonly', '')
  await expect(details.getByRole('button', { name: 'Update' })).toHaveCount(0)
  await expect(details.getByRole('link', { name: 'Delete' })).toHaveCount(0)
  await details.getByRole('tab', { name: 'CVSS v2 calculator' }).click()
  await expect(details.getByRole('radio', { name: 'Network' })).toBeChecked()
  await expect(details.getByRole('radio', { name: 'Network' })).toBeDisabled()
  await expectNoAxeViolations(page)
})

test('the 4.13 addresses of the tabs work and an unknown vulnerability is not found', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { vulnId } = await seedInternalVulnerability(baseURL!, {
    vulnId: `${uniqueVulnPrefix()}-addr`,
  })
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, `/vulnerabilities/INTERNAL/${vulnId}/overview`)
  await expect(page).toHaveURL(`/vulnerabilities/INTERNAL/${vulnId}`)
  // Nothing scored it: unassigned, with no scores and no affected-projects tab for this reader.
  await expect(page.getByText('The source gives no scores for this vulnerability.')).toBeVisible()
  await expect(page.getByRole('link', { name: /Affected projects/ })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await page.goto(`/vulnerability?source=INTERNAL&vulnId=${vulnId}`)
  await expect(page).toHaveURL(`/vulnerabilities/INTERNAL/${vulnId}`)
  await page.goto(`/vulnerabilities/INTERNAL/${vulnId}/affectedProjects`)
  await expect(page.getByTestId('toast')).toContainText('Forbidden')
  await page.goto('/vulnerabilities/NVD/CVE-1999-0000')
  await expect(page.getByRole('heading', { name: 'Oops! This is awkward' })).toBeVisible()
})

test('the dark theme keeps the list, the page and the editor readable', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { vulnId } = await seedInternalVulnerability(baseURL!, {
    vulnId: `${uniqueVulnPrefix()}-dark`,
    title: 'Weak session tokens',
    cvssV3Vector: CVSS_V3.critical,
    owaspRRVector: 'SL:5/M:4/O:7/S:6/ED:3/EE:5/A:4/ID:8/LC:6/LI:5/LAV:1/LAC:7/FD:3/RD:4/NC:5/PV:5',
    cwes: [{ cweId: 330 }],
  })
  await page.emulateMedia({ colorScheme: 'dark' })
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_VULNERABILITY', 'VULNERABILITY_MANAGEMENT'])
  await signIn(page, user, `/vulnerabilities?searchText=${vulnId}`)
  await expect(rows(page)).toHaveCount(1)
  await expectNoAxeViolations(page)
  await page.goto(`/vulnerabilities/INTERNAL/${vulnId}`)
  await expect(score(page, 'Likelihood')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.goto(`/vulnerabilities/INTERNAL/${vulnId}?details`)
  const details = page.getByRole('dialog', { name: 'Vulnerability details' })
  await details.getByRole('tab', { name: 'CVSS v3 calculator' }).click()
  await expectNoAxeViolations(page)
})
