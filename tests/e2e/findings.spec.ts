import { type Page } from '@playwright/test'
import { text as streamText } from 'node:stream/consumers'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { projectWithGraph } from './support/dependency-graph.ts'
import { componentUuidByName, seedFindings } from './support/findings.ts'
import {
  assignVulnerability,
  seedInternalVulnerability,
  uniqueVulnPrefix,
} from './support/vulnerabilities.ts'

const AUDITOR = ['VIEW_PORTFOLIO', 'VIEW_VULNERABILITY', 'VULNERABILITY_ANALYSIS']
const table = (page: Page) => page.getByRole('table', { name: /^Findings \(\d+\)$/ })
const findingRows = (page: Page) => table(page).locator('tbody > tr:has(td a[aria-expanded])')
const panel = (page: Page) => table(page).locator('tr', { has: page.getByText('Audit trail') })

test('an auditor sees the findings, opens one and records a decision; the trail shows it', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { project, vulnIds } = await seedFindings(baseURL!, 2)
  const user = await makeUser(AUDITOR)
  await signIn(page, user, `/projects/${project.uuid}`)
  await page.getByRole('link', { name: 'Audit vulnerabilities' }).click()
  await expect(table(page)).toHaveAccessibleName('Findings (2)')
  await expect(findingRows(page)).toHaveCount(2)
  await expect(findingRows(page).first()).toContainText('CWE-79')
  await expectNoAxeViolations(page)

  await table(page).getByRole('link', { name: 'Severity' }).click()
  await expect(page).toHaveURL(/sortName=vulnerability.severity&sortOrder=asc/)
  await table(page).getByRole('link', { name: 'Severity' }).click()
  await expect(page).toHaveURL(/sortName=vulnerability.severity&sortOrder=desc/)
  await expect(findingRows(page).first()).toContainText('Critical')

  await page.getByRole('link', { name: new RegExp(`Show the details of .*${vulnIds[0]}$`) }).click()
  await expect(page).toHaveURL(/expanded=/)
  const details = panel(page)
  await expect(details.getByText('Flaw number 1')).toBeVisible()
  await expect(details.locator('strong', { hasText: 'parser' })).toBeVisible()
  await expect(details.getByText('No decision recorded yet')).toBeVisible()
  await expect(details.getByLabel('Justification')).toBeDisabled()
  await details.getByLabel('Analysis').selectOption('NOT_AFFECTED')
  await expect(details.getByLabel('Justification')).toBeEnabled()
  await details.getByLabel('Justification').selectOption('CODE_NOT_REACHABLE')
  await details.getByLabel('Comment').fill('The parser is never called with user input.')
  await expectNoAxeViolations(page)
  await details.getByRole('button', { name: 'Save decision' }).click()

  await expect(page.getByTestId('toast')).toContainText('Decision saved')
  await expect(panel(page)).toContainText('NOT_AFFECTED')
  await expect(panel(page)).toContainText('The parser is never called with user input.')
  await expect(panel(page).getByLabel('Analysis')).toHaveValue('NOT_AFFECTED')
  await expect(findingRows(page).filter({ hasText: vulnIds[0]! })).toContainText('Not Affected')
})

test('suppressing a finding hides it until the switch shows suppressed findings', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { project, vulnIds } = await seedFindings(baseURL!, 2)
  const user = await makeUser(AUDITOR)
  await signIn(page, user, `/projects/${project.uuid}/findings/${vulnIds[1]}`)
  // The lookup address searches for the vulnerability and opens its only finding.
  await expect(page).toHaveURL(new RegExp(`searchText=${vulnIds[1]}.*expanded=`))
  await expect(findingRows(page)).toHaveCount(1)
  await panel(page).getByLabel('Analysis').selectOption('FALSE_POSITIVE')
  await panel(page).getByLabel('Suppress this finding').check()
  await panel(page).getByRole('button', { name: 'Save decision' }).click()
  await expect(page.getByTestId('toast')).toContainText('Decision saved')
  await expect(page.getByText('No finding matches the search')).toBeVisible()

  await page.getByLabel('Show suppressed findings').check()
  await expect(page).toHaveURL(/suppressed=1/)
  await expect(findingRows(page)).toHaveCount(1)
  await expect(findingRows(page).first()).toContainText('False Positive')
  await expect(findingRows(page).first().getByText('Suppressed', { exact: true })).toBeAttached()
})

test('export VEX downloads a file, Reanalyze answers and Apply VEX uploads a document', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { project } = await seedFindings(baseURL!, 1)
  const user = await makeUser(AUDITOR)
  await signIn(page, user, `/projects/${project.uuid}/findings`)
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export VEX' }).click()
  expect((await download).suggestedFilename()).toMatch(/vex/i)

  await page.getByRole('button', { name: 'Reanalyze' }).click()
  await expect(page.getByTestId('toast')).toContainText('Analysis requested')

  await page.getByText('Apply VEX').click()
  await page.getByLabel('VEX document (CycloneDX)').setInputFiles({
    name: 'vex.json',
    mimeType: 'application/json',
    buffer: Buffer.from(
      JSON.stringify({
        bomFormat: 'CycloneDX',
        specVersion: '1.5',
        version: 1,
        vulnerabilities: [],
      }),
    ),
  })
  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(page.getByTestId('toast')).toContainText('VEX uploaded')
})

test('a reader without the analysis permission sees the trail but no audit form or VEX actions', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { project, vulnIds } = await seedFindings(baseURL!, 1)
  const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_VULNERABILITY'])
  await signIn(page, user, `/projects/${project.uuid}/findings/${vulnIds[0]}`)
  await expect(panel(page)).toContainText('No decision recorded yet')
  await expect(panel(page).getByRole('button', { name: 'Save decision' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Export VEX' })).toHaveCount(0)
  await expect(page.getByText('Apply VEX')).toHaveCount(0)
  await expect(table(page).getByRole('checkbox')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Reanalyze' })).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export VDR' }).click()
  const file = await download
  const vdr = JSON.parse(await streamText(await file.createReadStream()))
  expect(vdr.bomFormat).toBe('CycloneDX')
  expect(JSON.stringify(vdr.vulnerabilities)).toContain(vulnIds[0])
})

test('the findings tab reads well in the dark and on a narrow screen, panel open', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const { project, component, vulnIds } = await seedFindings(baseURL!, 1)
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.setViewportSize({ width: 390, height: 900 })
  const user = await makeUser(AUDITOR)
  await signIn(page, user, `/projects/${project.uuid}/findings/${component.uuid}/${vulnIds[0]}`)
  await expect(panel(page).getByLabel('Analysis')).toBeVisible()
  await expectNoAxeViolations(page)
})

test('an open finding lists every dependency path to its component, each step a link', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const project = await projectWithGraph(baseURL!)
  const vulnId = `${uniqueVulnPrefix()}-pad`
  await seedInternalVulnerability(baseURL!, { vulnId, title: 'Padding overflow' })
  const leftPad = await componentUuidByName(baseURL!, project.uuid, 'left-pad')
  await assignVulnerability(baseURL!, vulnId, leftPad)
  const user = await makeUser(AUDITOR)
  await signIn(page, user, `/projects/${project.uuid}/findings/${vulnId}`)
  const paths = panel(page).getByRole('list', { name: 'Path from the project to the component' })
  // app → web-framework → left-pad, app → util → left-pad, app → web-framework → router →
  // path-parser → left-pad: shortest first.
  await expect(paths).toHaveCount(3)
  await expect(paths.nth(2)).toHaveText(
    /web-framework 4\.0\.0.*router 1\.2\.0.*path-parser 0\.3\.0.*left-pad 1\.3\.0/,
  )
  await paths.nth(2).getByRole('link', { name: 'router 1.2.0' }).click()
  await expect(page).toHaveURL(
    `/components/${await componentUuidByName(baseURL!, project.uuid, 'router')}`,
  )
})
