import { expectNoAxeViolations, expect, signIn, test } from './support/fixtures.ts'
import { ADMIN, startSourcesServer } from './support/vulnerability-sources.ts'

// Admin → Analyzers (dt-screens.md §19.2): the `scanner` settings of the internal analyzer,
// Sonatype OSS Index, VulnDB, Snyk and Trivy. A Lookout of its own: these settings are
// installation-wide.

test.describe.configure({ mode: 'serial' })

let server: Awaited<ReturnType<typeof startSourcesServer>>

test.beforeAll(async () => {
  server = await startSourcesServer()
})

test.afterAll(async () => {
  await server?.stop()
})

const analyzerPage = (page: string) => `${server.baseUrl}/admin/analyzers/${page}`
const scanner = () => server.properties('scanner')
const HIDDEN = 'HiddenDecryptedPropertyPlaceholder'

test('Internal: the fuzzy switches wait for fuzzy matching and are stored inverted', async ({
  page,
}) => {
  await signIn(page, ADMIN, analyzerPage('internal'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Internal analyzer')
  await expect(page.getByRole('link', { name: 'Trivy' })).toBeVisible()
  const onPurl = page.getByLabel('Enable fuzzy CPE matching on components that have a Package URL')
  const onInternal = page.getByLabel('Enable fuzzy CPE matching on internal components')
  await expect(onPurl).toBeDisabled()
  await expect(onInternal).toBeDisabled()
  await expectNoAxeViolations(page)

  await page.getByLabel('Enable fuzzy CPE matching', { exact: true }).check()
  await expect(onPurl).toBeEnabled()
  await onPurl.check()
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Configuration saved')
  expect(await scanner()).toMatchObject({
    'internal.enabled': 'true',
    'internal.fuzzy.enabled': 'true',
    'internal.fuzzy.exclude.purl': 'false',
    'internal.fuzzy.exclude.internal': 'true',
  })
  await page.reload()
  await expect(onPurl).toBeChecked()
  await expect(onInternal).not.toBeChecked()
})

test('Snyk: the switch waits for the required fields; the token is stored and never shown', async ({
  page,
}) => {
  await signIn(page, ADMIN, analyzerPage('snyk'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Snyk')
  const enable = page.getByLabel('Enable Snyk analyzer')
  await expect(enable).toBeDisabled()
  await expect(page.getByLabel('Base URL *')).toHaveValue('https://api.snyk.io')
  await expect(page.getByLabel('API version *')).toHaveValue('2023-06-22')
  await expectNoAxeViolations(page)

  await page.getByLabel('API version *').fill('')
  await page.getByLabel('Organization ID *').fill('org-e2e')
  await expect(enable).toBeDisabled()
  await page.getByLabel('API version *').fill('2024-10-15')
  await expect(enable).toBeEnabled()
  await page.getByLabel('API token *').fill('snyk-e2e-secret-1;snyk-e2e-secret-2')
  await enable.check()
  await page.getByLabel('CVSS source').selectOption('SNYK')
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Configuration saved')
  expect(await scanner()).toMatchObject({
    'snyk.enabled': 'true',
    'snyk.org.id': 'org-e2e',
    'snyk.api.token': HIDDEN,
    'snyk.cvss.source': 'SNYK',
    'snyk.api.version': '2024-10-15',
  })

  await page.reload()
  await expect(page.getByLabel('API token *')).toHaveValue('')
  await expect(page.getByText('Leave the field empty to keep the stored value.')).toBeVisible()
  expect(await page.content()).not.toContain('snyk-e2e-secret')
  // Saving again with the field empty keeps the stored token.
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Configuration saved')
  expect((await scanner())['snyk.api.token']).toBe(HIDDEN)
})

test('Trivy: URL and token first, then the switches', async ({ page }) => {
  await signIn(page, ADMIN, analyzerPage('trivy'))
  const enable = page.getByLabel('Enable Trivy analyzer')
  await expect(enable).toBeDisabled()
  await expect(page.getByLabel('Scan library packages')).toBeChecked()
  await expect(page.getByLabel('Scan operating-system packages')).toBeChecked()
  await expectNoAxeViolations(page)

  await page.getByLabel('Base URL *').fill('http://trivy.example.test:4954')
  await expect(enable).toBeEnabled()
  await page.getByLabel('API token *').fill('trivy-e2e-token')
  await enable.check()
  await page.getByLabel('Ignore unfixed vulnerabilities').check()
  await page.getByLabel('Scan operating-system packages').uncheck()
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Configuration saved')
  expect(await scanner()).toMatchObject({
    'trivy.enabled': 'true',
    'trivy.base.url': 'http://trivy.example.test:4954/',
    'trivy.api.token': HIDDEN,
    'trivy.ignore.unfixed': 'true',
    'trivy.scanner.scanLibrary': 'true',
    'trivy.scanner.scanOs': 'false',
  })
})

test('OSS Index and VulnDB: alias sync follows the switch; credentials are saved', async ({
  page,
}) => {
  await signIn(page, ADMIN, analyzerPage('oss'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sonatype OSS Index')
  await expectNoAxeViolations(page)
  const aliasSync = page.getByLabel('Enable vulnerability alias synchronization')
  await expect(aliasSync).toBeEnabled()
  await page.getByLabel('Enable OSS Index analyzer').uncheck()
  await expect(aliasSync).toBeDisabled()
  await page.getByLabel('Enable OSS Index analyzer').check()
  await page.getByLabel('Registered email address *').fill('not-an-email')
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible()
  await page.getByLabel('Registered email address *').fill('e2e@example.com')
  await page.getByLabel('API token *').fill('oss-e2e-token')
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Configuration saved')
  expect(await scanner()).toMatchObject({
    'ossindex.enabled': 'true',
    'ossindex.api.username': 'e2e@example.com',
    'ossindex.api.token': HIDDEN,
  })

  await page.goto(analyzerPage('vulnDB'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('VulnDB')
  await expectNoAxeViolations(page)
  await expect(page.getByLabel('Enable VulnDB analyzer')).toBeDisabled()
  await page.getByLabel('Consumer key *').fill('vulndb-e2e-key')
  await page.getByLabel('Consumer secret *').fill('vulndb-e2e-secret')
  await page.getByLabel('Enable VulnDB analyzer').check()
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Configuration saved')
  expect(await scanner()).toMatchObject({
    'vulndb.enabled': 'true',
    'vulndb.api.oauth1.consumerKey': 'vulndb-e2e-key',
    'vulndb.api.oath1.consumerSecret': HIDDEN,
  })
})

test('every analyzer page reads well on a phone and in the dark theme', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await signIn(page, ADMIN, analyzerPage('internal'))
  for (const name of ['internal', 'oss', 'vulnDB', 'snyk', 'trivy']) {
    await page.goto(analyzerPage(name))
    await expect(page.getByRole('heading', { name: 'Settings' })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow, name).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
  }
})
