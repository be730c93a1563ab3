import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { createCollection, serviceBom, uploadBomAndWait } from './support/service-boms.ts'

test('without JavaScript: search the services tab, edit a service and delete another', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  const project = await createProject(baseURL!, { name: `nojs-${randomBytes(3).toString('hex')}` })
  await uploadBomAndWait(baseURL!, project.uuid, serviceBom(project.name))
  await signIn(page, user, `/projects/${project.uuid}/services`)

  await expect(page.getByRole('heading', { name: 'Services (3)' })).toBeVisible()
  await page.getByLabel('Search services').fill('billing')
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('heading', { name: 'Services (1)' })).toBeVisible()
  await page.getByRole('link', { name: 'billing-api' }).click()

  await page.getByRole('link', { name: 'View details' }).click()
  const dialog = page.getByRole('dialog', { name: 'Service details' })
  await dialog.getByRole('link', { name: 'Data' }).click()
  await expect(dialog.getByRole('row', { name: /PII/ })).toContainText('Inbound')
  await dialog.getByRole('link', { name: 'Identity' }).click()
  await dialog.getByLabel('Version').fill('2.2')
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Service updated')
  await expect(
    page.getByRole('heading', { level: 1, name: 'acme ▸ billing-api ▸ 2.2' }),
  ).toBeVisible()

  await page.getByRole('link', { name: 'fraud-check ▸ 1.4' }).click()
  await page.getByRole('link', { name: 'View details' }).click()
  await page
    .getByRole('dialog', { name: 'Service details' })
    .getByRole('link', { name: 'Delete' })
    .click()
  await page
    .getByRole('dialog', { name: 'Delete service' })
    .getByRole('button', { name: 'Delete service' })
    .click()
  await expect(page.getByTestId('toast')).toContainText('Service fraud-check deleted')
  await expect(page.getByRole('heading', { name: 'Services (2)' })).toBeVisible()
})

test('without JavaScript: the collection projects tab filters by inactive and search', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const tag = randomBytes(3).toString('hex')
  const collection = await createCollection(baseURL!, `suite-${tag}`)
  await createProject(baseURL!, { name: `app-${tag}`, parentUuid: collection.uuid })
  await createProject(baseURL!, { name: `old-${tag}`, parentUuid: collection.uuid, active: false })
  await signIn(page, user, `/projects/${collection.uuid}/collectionprojects`)

  await expect(page.getByRole('link', { name: `app-${tag}` })).toBeVisible()
  await expect(page.getByRole('link', { name: `old-${tag}` })).toHaveCount(0)
  await page.getByLabel('Show inactive projects').check()
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('link', { name: `old-${tag}` })).toBeVisible()
  await page.getByLabel('Search collection projects').fill(`old-${tag}`)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('heading', { name: 'Collection projects (1)' })).toBeVisible()
  await expect(page.getByRole('link', { name: `app-${tag}` })).toHaveCount(0)
})
