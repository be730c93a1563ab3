import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { sampleBom } from './support/boms.ts'
import { expect, signIn, test } from './support/fixtures.ts'

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
