import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { createCollection } from './support/service-boms.ts'

test('the collection projects tab lists the collection’s children with the project list’s controls', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const tag = randomBytes(3).toString('hex')
  const collection = await createCollection(baseURL!, `suite-${tag}`)
  const alpha = await createProject(baseURL!, { name: `alpha-${tag}`, parentUuid: collection.uuid })
  await createProject(baseURL!, { name: `beta-${tag}`, parentUuid: collection.uuid })
  await createProject(baseURL!, {
    name: `gamma-${tag}`,
    parentUuid: collection.uuid,
    active: false,
  })
  const grandchild = await createProject(baseURL!, { name: `delta-${tag}`, parentUuid: alpha.uuid })
  await createProject(baseURL!, { name: `outsider-${tag}` })

  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, user, `/projects/${collection.uuid}`)
  await page.getByRole('link', { name: 'Collection projects' }).click()
  await expect(page).toHaveURL(new RegExp(`/projects/${collection.uuid}/collectionprojects$`))
  await expect(page.getByRole('heading', { name: 'Collection projects (2)' })).toBeVisible()
  await expect(page.getByRole('link', { name: `beta-${tag}` })).toBeVisible()
  await expect(page.getByRole('link', { name: `gamma-${tag}` })).toHaveCount(0)
  await expect(page.getByRole('link', { name: `outsider-${tag}` })).toHaveCount(0)
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: `Show the child projects of alpha-${tag}` }).click()
  await expect(page.getByRole('link', { name: grandchild.name })).toBeVisible()

  await page.getByLabel('Show inactive projects').check()
  await expect(page.getByRole('heading', { name: 'Collection projects (3)' })).toBeVisible()
  await expect(page.getByRole('link', { name: `gamma-${tag}` })).toBeVisible()

  await page.getByRole('link', { name: 'Project name' }).click()
  await expect(page).toHaveURL(/sortName=name&sortOrder=asc/)
  await page.getByRole('link', { name: 'Project name' }).click()
  await expect(page).toHaveURL(/sortOrder=desc/)
  await expect(page.getByRole('row').nth(1)).toContainText(`gamma-${tag}`)

  await page.getByLabel('Search collection projects').fill(`beta-${tag}`)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('heading', { name: 'Collection projects (1)' })).toBeVisible()
  await expect(page.getByRole('link', { name: `alpha-${tag}` })).toHaveCount(0)
})
