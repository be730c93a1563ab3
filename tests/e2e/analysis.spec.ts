import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { seedInternalVulnerability, uniqueVulnPrefix } from './support/vulnerabilities.ts'

/**
 * The whole way through: a BOM uploaded in the console is analysed by the internal analyzer
 * (no finding seeded by hand), the vulnerable version shows as a finding and the fixed one does
 * not, and the auditor records a decision on it.
 */
test('an uploaded BOM ends with the findings the analysis made, ready to audit', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const prefix = randomBytes(3).toString('hex')
  const [vulnerable, fixed] = [`parser-${prefix}`, `codec-${prefix}`]
  const vulnId = `${uniqueVulnPrefix()}-range`
  const range = (name: string) => ({
    identityType: 'PURL',
    identity: `pkg:npm/${name}`,
    versionType: 'RANGE',
    versionStartIncluding: '1.0.0',
    versionEndExcluding: '2.0.0',
  })
  await seedInternalVulnerability(baseURL!, {
    vulnId,
    title: 'Prototype pollution in the option parser',
    severity: 'HIGH',
    affectedComponents: [range(vulnerable), range(fixed)],
  })
  const project = await createProject(baseURL!, { name: `analysed-${prefix}` })
  const bom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    components: [
      { type: 'library', name: vulnerable, version: '1.9.2', purl: `pkg:npm/${vulnerable}@1.9.2` },
      { type: 'library', name: fixed, version: '2.0.0', purl: `pkg:npm/${fixed}@2.0.0` },
    ],
  }
  const user = await makeUser([
    'VIEW_PORTFOLIO',
    'BOM_UPLOAD',
    'VIEW_VULNERABILITY',
    'VULNERABILITY_ANALYSIS',
  ])
  await signIn(page, user, `/projects/${project.uuid}/components`)
  await page.getByLabel('Upload a CycloneDX BOM (JSON or XML)').setInputFiles({
    name: 'bom.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(bom)),
  })
  await page.getByRole('button', { name: 'Upload BOM' }).click()
  await expect(page.getByTestId('toast')).toContainText('BOM uploaded')
  await expect(page.getByRole('link', { name: fixed })).toBeVisible({ timeout: 20_000 })

  const findings = page.getByRole('table', { name: /^Findings \(\d+\)$/ })
  await expect(async () => {
    await page.goto(`/projects/${project.uuid}/findings`)
    await expect(findings).toHaveAccessibleName('Findings (1)', { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  const row = findings.locator('tbody > tr', { hasText: vulnId })
  await expect(row).toContainText(vulnerable)
  await expect(row).toContainText('1.9.2')
  await expect(row).toContainText('Internal')
  await expect(findings).not.toContainText(fixed)
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: new RegExp(`Show the details of .*${vulnId}$`) }).click()
  const panel = findings.locator('tr', { has: page.getByText('Audit trail') })
  await panel.getByLabel('Analysis').selectOption('EXPLOITABLE')
  await panel.getByLabel('Comment').fill('Reachable from the public upload form.')
  await panel.getByRole('button', { name: 'Save decision' }).click()
  await expect(page.getByTestId('toast')).toContainText('Decision saved')
  await expect(panel).toContainText('Analysis: NOT_SET → EXPLOITABLE')
  await expect(findings.locator('tbody > tr', { hasText: vulnId }).first()).toContainText(
    'Exploitable',
  )
})
