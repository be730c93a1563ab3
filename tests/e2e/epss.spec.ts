import { epssCsv, startEpssFake, type EpssFake } from '../support/fakes/epss.ts'
import { fakeCve, startNvdFake, type NvdFake } from '../support/fakes/nvd.ts'
import { apiFor, createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { ADMIN, startSourcesServer } from './support/vulnerability-sources.ts'
import { seedComponent } from './support/vulnerabilities.ts'

// NVD and EPSS data reach the catalogue only through their mirrors: a Lookout of its own, fed
// by loopback NVD and EPSS fakes, then two NVD findings assigned to a component.
test.describe.configure({ mode: 'serial' })

let server: Awaited<ReturnType<typeof startSourcesServer>>
let nvd: NvdFake
let epss: EpssFake
let projectUuid: string

test.beforeAll(async () => {
  test.setTimeout(180_000)
  server = await startSourcesServer()
  nvd = await startNvdFake()
  nvd.cves.push(
    fakeCve('CVE-2024-1001', '2024-02-01T10:00:00.000', { baseScore: 9.8 }),
    fakeCve('CVE-2024-1002', '2024-02-01T10:00:00.000', { baseScore: 4.3 }),
  )
  epss = await startEpssFake(
    epssCsv([
      ['CVE-2024-1001', 0.91, 0.995],
      ['CVE-2024-1002', 0.02, 0.41],
    ]),
  )
  await server.setProperty('nvd.enabled', 'true')
  await server.setProperty('nvd.api.enabled', 'true')
  await server.setProperty('nvd.api.download.feeds', 'false')
  await server.setProperty('nvd.api.url', nvd.apiUrl)
  await server.mirrorToEnd('NVD')
  await server.setProperty('epss.enabled', 'true')
  await server.setProperty('epss.feeds.url', epss.url.replace(/\/$/, ''))
  await server.mirrorToEnd('EPSS')

  const project = await createProject(server.baseUrl, { name: 'epss-app', version: '2.0' })
  projectUuid = project.uuid
  const component = await seedComponent(server.baseUrl, project.uuid, 'parser-lib')
  const api = apiFor(server.baseUrl)
  const token = await api.adminToken()
  for (const cve of ['CVE-2024-1001', 'CVE-2024-1002']) {
    const response = await api.post(
      `/api/v1/vulnerability/source/NVD/vuln/${cve}/component/${component.uuid}`,
      { token },
    )
    if (response.status !== 200) throw new Error(`assignment of ${cve}: ${response.status}`)
  }
})

test.afterAll(async () => {
  await server?.stop()
  await nvd?.close()
  await epss?.close()
})

test('the exploit predictions tab plots every NVD finding and lists them, most likely first', async ({
  page,
}) => {
  await signIn(page, ADMIN, `${server.baseUrl}/projects/${projectUuid}`)
  await page.getByRole('link', { name: 'Exploit predictions' }).click()
  const chart = page.getByRole('img', {
    name: 'CVSS score and exploit probability (EPSS) of each finding',
  })
  await expect(chart).toBeVisible()
  await expect(chart.locator('circle')).toHaveCount(2)
  await expect(chart.locator('circle title').first()).toHaveText(
    /CVE-2024-100\d in parser-lib 1\.0\.0: CVSS \d\.\d, EPSS/,
  )
  const rows = page.getByRole('table', { name: 'Exploit predictions (2)' }).locator('tbody tr')
  await expect(rows.first()).toContainText('CVE-2024-1001')
  await expect(rows.first()).toContainText('91.00 %')
  await expect(rows.first()).toContainText('9.8')
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'EPSS score' }).click()
  await expect(page).toHaveURL(/sortName=epssScore&sortOrder=asc/)
  await expect(rows.first()).toContainText('CVE-2024-1002')

  await page.emulateMedia({ colorScheme: 'dark' })
  await expectNoAxeViolations(page)
})

test('without JavaScript the chart and its data table are in the page as sent', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await signIn(page, ADMIN, `${server.baseUrl}/projects/${projectUuid}/epss?searchText=1002`)
  await expect(page.locator('svg[role="img"] circle')).toHaveCount(2)
  await page.locator('summary', { hasText: "The chart's points as a table" }).click()
  await expect(page.getByRole('table', { name: "The chart's points as a table" })).toContainText(
    'CVE-2024-1001',
  )
  const rows = page.getByRole('table', { name: 'Exploit predictions (1)' }).locator('tbody tr')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('CVE-2024-1002')
  await context.close()
})
