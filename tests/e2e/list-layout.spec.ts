import { randomBytes } from 'node:crypto'
import { apiFor, createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { overflow } from './support/layout.ts'

async function seed(baseUrl: string, longName: string) {
  const project = await createProject(baseUrl, {
    name: longName,
    version: '2026.11.23-release-candidate-7',
  })
  const api = apiFor(baseUrl)
  const response = await api.put(`/api/v1/component/project/${project.uuid}`, {
    token: await api.adminToken(),
    json: {
      classifier: 'LIBRARY',
      name: `${longName}-client`,
      version: '10.20.30-beta.4+build.20261123',
      group: 'com.example.enterprise.platform.integration',
      purl: `pkg:maven/com.example.enterprise.platform.integration/${longName}-client@10.20.30`,
      cpe: `cpe:2.3:a:example:${longName}:10.20.30:*:*:*:*:*:*:*`,
      license: 'Apache-2.0 WITH LLVM-exception OR MIT',
    },
  })
  expect(response.status).toBe(201)
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`the project list and component search stay inside their box at ${viewport.width} px`, async ({
    page,
    makeUser,
    baseURL,
  }, testInfo) => {
    const user = await makeUser(['VIEW_PORTFOLIO'])
    const longName = `payments-gateway-integration-service-with-a-very-long-name-${randomBytes(3).toString('hex')}`
    await seed(baseURL!, longName)
    await page.setViewportSize(viewport)
    await signIn(page, user, `/projects?searchText=${encodeURIComponent(longName)}`)
    await expect(page.getByRole('link', { name: longName })).toHaveAttribute('title', longName)
    await page.screenshot({ path: testInfo.outputPath(`projects-${viewport.width}.png`) })
    const projects = await overflow(page)
    expect(projects.page).toBeLessThanOrEqual(0)
    if (viewport.width === 1366) expect(projects.table).toBeLessThanOrEqual(0)

    await page.goto(`/components?subject=COORDINATES&name=${encodeURIComponent(longName)}`)
    await expect(page.getByRole('link', { name: `${longName}-client` })).toBeVisible()
    await page.screenshot({ path: testInfo.outputPath(`components-${viewport.width}.png`) })
    const components = await overflow(page)
    expect(components.page).toBeLessThanOrEqual(0)
    if (viewport.width === 1366) expect(components.table).toBeLessThanOrEqual(0)
    await expectNoAxeViolations(page)
  })
}
