import type { Page } from '@playwright/test'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { startFakeNpmRegistry } from '../support/fakes/npm-registry.ts'
import { seedOutdatedProject } from './support/outdated.ts'
import { repositoriesPage, uniqueIdentifier } from './support/repositories.ts'

// Outdated components (issue 10): a repository pointing at a loopback npm registry, a BOM, and
// the ⚠ / ⓘ / ✓ marks with their words in the components tab, findings, the audit and the graph.

test.describe.configure({ mode: 'serial' })

let registry: Awaited<ReturnType<typeof startFakeNpmRegistry>>
let seeded: Awaited<ReturnType<typeof seedOutdatedProject>>

const OUTDATED = 'Risk: Outdated component. Current version is: 2.0.0'
const UNSTABLE = 'Risk: Unstable component. Current stable version is: 1.5.0'
const LATEST = 'Latest available version'
const PERMISSIONS = [
  'SYSTEM_CONFIGURATION',
  'VIEW_PORTFOLIO',
  'PORTFOLIO_MANAGEMENT',
  'BOM_UPLOAD',
  'VIEW_VULNERABILITY',
]

test.beforeAll(async () => {
  registry = await startFakeNpmRegistry()
})

test.afterAll(async () => {
  await registry?.close()
})

const row = (page: Page, name: string) =>
  page.locator('tbody tr').filter({ has: page.getByRole('link', { name, exact: true }) })

test('a repository created in the console feeds the marks in the components tab', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(PERMISSIONS)
  await signIn(page, user, `${repositoriesPage('npm')}?create`)
  const dialog = page.getByRole('dialog', { name: 'Create repository' })
  await dialog.getByLabel('Identifier *').fill(uniqueIdentifier('loopback-npm'))
  await dialog.getByLabel('URL *').fill(`${registry.url}/`)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toContainText('Repository created')

  seeded = await seedOutdatedProject(baseURL!, registry)
  const tab = `/projects/${seeded.project.uuid}/components`
  await page.goto(tab)
  // Metadata is fetched by a job after the BOM is processed: wait for its answer.
  await expect(async () => {
    await page.reload()
    await expect(row(page, seeded.names.old).getByTitle(OUTDATED)).toBeVisible({ timeout: 500 })
  }).toPass({ timeout: 30_000 })
  expect(registry.requests).toContain(`/-/package/${seeded.names.old}/dist-tags`)

  await expect(row(page, seeded.names.old)).toContainText(OUTDATED)
  await expect(row(page, seeded.names.pre).getByTitle(UNSTABLE)).toBeVisible()
  await expect(row(page, seeded.names.same).getByTitle(LATEST)).toBeVisible()
  await expectNoAxeViolations(page)

  // Latest Version is hidden until chosen.
  const table = page.getByRole('table')
  await expect(table.getByRole('columnheader', { name: 'Latest version' })).toHaveCount(0)
  await page.locator('summary', { hasText: 'Columns' }).click()
  await page.getByRole('checkbox', { name: 'Latest version' }).check()
  await page.getByRole('button', { name: 'Apply' }).last().click()
  await expect(page).toHaveURL(/cols=1&col=latestVersion/)
  await expect(table.getByRole('columnheader', { name: 'Latest version' })).toBeVisible()
  await expect(
    row(page, seeded.names.old).getByRole('cell', { name: '2.0.0', exact: true }),
  ).toBeVisible()

  // Outdated only: what the repositories know another version of (4.13: latest ≠ current).
  await page.getByLabel('Outdated only').check()
  await expect(page).toHaveURL(/onlyOutdated=1/)
  await expect(row(page, seeded.names.same)).toHaveCount(0)
  await expect(row(page, seeded.names.old)).toBeVisible()
  await expect(page).toHaveURL(/col=latestVersion/)
})

test('findings and the vulnerability audit mark the outdated component', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(PERMISSIONS)
  await signIn(page, user, `/projects/${seeded.project.uuid}/findings`)
  await expect(row(page, seeded.names.old).getByTitle(OUTDATED)).toBeVisible()
  await expectNoAxeViolations(page)

  await page.goto(`/vulnerabilityAudit?textSearchInput=${seeded.vulnId}`)
  await expect(row(page, seeded.names.old).getByTitle(OUTDATED)).toBeVisible()
})

test('the dependency graph highlights outdated components when asked', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(PERMISSIONS)
  await page.emulateMedia({ colorScheme: 'dark' })
  await signIn(page, user, `/projects/${seeded.project.uuid}/dependencyGraph?view=list`)
  const tree = page.getByRole('main')
  await expect(tree.getByRole('link', { name: new RegExp(seeded.names.old) })).toBeVisible()
  await expect(tree.getByTitle(OUTDATED)).toHaveCount(0)
  await page.getByLabel('Highlight outdated components').check()
  await expect(page).toHaveURL(/outdated=1/)
  await expect(tree.getByTitle(OUTDATED)).toHaveCount(1)
  // Only outdated nodes are marked: not the pre-release, not the current one.
  await expect(tree.getByTitle(UNSTABLE)).toHaveCount(0)
  await expectNoAxeViolations(page)
})
