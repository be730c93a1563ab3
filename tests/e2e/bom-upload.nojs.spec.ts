import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { sampleBom } from './support/boms.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { numberedBom, uploadBom } from './support/list-data.ts'

test('without JavaScript: upload a BOM through the form and see its components', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'BOM_UPLOAD'])
  const project = await createProject(baseURL!, {
    name: `nojs-shop-${randomBytes(3).toString('hex')}`,
  })
  await signIn(page, user, `/projects/${project.uuid}/components`)
  await page.getByLabel('Upload a CycloneDX BOM (JSON or XML)').setInputFiles({
    name: 'bom.json',
    mimeType: 'application/json',
    buffer: sampleBom(project.name),
  })
  await page.getByRole('button', { name: 'Upload BOM' }).click()
  await expect(page.getByTestId('toast')).toContainText('BOM uploaded')
  await expect
    .poll(
      async () => {
        await page.reload()
        return page.getByRole('link', { name: 'left-pad' }).count()
      },
      { timeout: 20_000, intervals: [500, 1000] },
    )
    .toBe(1)
})

test('without JavaScript: the processing notice reloads the page by itself until it is done', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await createProject(baseURL!, {
    name: `nojs-big-${randomBytes(3).toString('hex')}`,
  })
  await signIn(page, user, `/projects/${project.uuid}`)
  // Large enough that the server is still processing it when the page first loads.
  const token = await uploadBom(baseURL!, project.uuid, numberedBom(project.name, 3000))
  await page.goto(`/projects/${project.uuid}/components?token=${token}`)
  await expect(page.getByRole('status')).toContainText('The BOM is being processed')
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1)

  // No reload from the test: the page refreshes itself and stops once the BOM is in.
  await expect(page.getByRole('heading', { name: 'Components (3000)' })).toBeVisible({
    timeout: 60_000,
  })
  await expect(page.getByText('The BOM is being processed')).toHaveCount(0)
  await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0)
})
