import { expect, signIn, test } from './support/fixtures.ts'
import { ADMIN, startSourcesServer } from './support/vulnerability-sources.ts'

// Admin → Analyzers without JavaScript: plain forms; what the page greys out with JavaScript the
// server checks and answers with a message.

test.describe.configure({ mode: 'serial' })

let server: Awaited<ReturnType<typeof startSourcesServer>>

test.beforeAll(async () => {
  server = await startSourcesServer({ LOOKOUT_ROLES: 'console,api' })
})

test.afterAll(async () => {
  await server?.stop()
})

const analyzerPage = (page: string) => `${server.baseUrl}/admin/analyzers/${page}`
const scanner = () => server.properties('scanner')

test('without JavaScript: Trivy cannot be enabled without its URL', async ({ page }) => {
  await signIn(page, ADMIN, analyzerPage('trivy'))
  await page.getByLabel('Enable Trivy analyzer').check()
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByText('This field is required')).toHaveCount(1)
  await expect(page.getByLabel('Base URL *')).toHaveAttribute('aria-invalid', 'true')
  expect((await scanner())['trivy.enabled']).toBe('false')

  await page.getByLabel('Base URL *').fill('http://trivy.example.test:4954')
  await page.getByLabel('API token *').fill('trivy-nojs-token')
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Configuration saved')
  await expect(page.getByLabel('Enable Trivy analyzer')).toBeChecked()
  expect(await scanner()).toMatchObject({
    'trivy.enabled': 'true',
    'trivy.api.token': 'HiddenDecryptedPropertyPlaceholder',
  })
  expect(await page.content()).not.toContain('trivy-nojs-token')
})

test('without JavaScript: the fuzzy switches count only with fuzzy matching on', async ({
  page,
}) => {
  await signIn(page, ADMIN, analyzerPage('internal'))
  await page.getByLabel('Enable fuzzy CPE matching on internal components').check()
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Configuration saved')
  expect(await scanner()).toMatchObject({
    'internal.fuzzy.enabled': 'false',
    'internal.fuzzy.exclude.internal': 'true',
  })
  await expect(
    page.getByLabel('Enable fuzzy CPE matching on internal components'),
  ).not.toBeChecked()

  await page.getByLabel('Enable fuzzy CPE matching', { exact: true }).check()
  await page.getByLabel('Enable fuzzy CPE matching on internal components').check()
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Configuration saved')
  expect(await scanner()).toMatchObject({
    'internal.fuzzy.enabled': 'true',
    'internal.fuzzy.exclude.internal': 'false',
    'internal.fuzzy.exclude.purl': 'true',
  })
})

test('without JavaScript: Snyk answers which required field is missing', async ({ page }) => {
  await signIn(page, ADMIN, analyzerPage('snyk'))
  await page.getByLabel('Enable Snyk analyzer').check()
  await page.getByLabel('Base URL *').fill('not a url')
  await page.getByLabel('API version *').fill('')
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByText('Enter a complete URL, such as https://example.com/')).toBeVisible()
  // Organization ID and API version.
  await expect(page.getByText('This field is required')).toHaveCount(2)
  expect((await scanner())['snyk.enabled']).toBe('false')
})
