import { expect, signIn, test } from './support/fixtures.ts'
import { startFakeNpmRegistry } from '../support/fakes/npm-registry.ts'
import { createNpmRepository, seedOutdatedProject } from './support/outdated.ts'
import { uniqueIdentifier } from './support/repositories.ts'

const OUTDATED = 'Risk: Outdated component. Current version is: 2.0.0'

test('without JavaScript: the marks, Outdated only and the graph highlight', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const registry = await startFakeNpmRegistry()
  try {
    await createNpmRepository(baseURL!, uniqueIdentifier('nojs-npm'), `${registry.url}/`)
    const seeded = await seedOutdatedProject(baseURL!, registry)
    const user = await makeUser(['VIEW_PORTFOLIO', 'VIEW_VULNERABILITY'])
    const tab = `/projects/${seeded.project.uuid}/components`
    await signIn(page, user, tab)
    const old = page.locator('tbody tr').filter({ hasText: seeded.names.old })
    await expect(async () => {
      await page.reload()
      await expect(old.getByTitle(OUTDATED)).toBeVisible({ timeout: 500 })
    }).toPass({ timeout: 30_000 })

    await page.getByLabel('Outdated only').check()
    await page.getByRole('button', { name: 'Apply' }).first().click()
    await expect(page).toHaveURL(/onlyOutdated=1/)
    await expect(page.locator('tbody tr').filter({ hasText: seeded.names.same })).toHaveCount(0)

    await page.goto(`/projects/${seeded.project.uuid}/dependencyGraph`)
    await page.getByLabel('Highlight outdated components').check()
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page).toHaveURL(/outdated=1/)
    await expect(page.getByRole('main').getByTitle(OUTDATED)).toHaveCount(1)
  } finally {
    await registry.close()
  }
})
