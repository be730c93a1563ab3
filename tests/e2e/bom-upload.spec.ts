import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { sampleBom } from './support/boms.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'

test('uploading a BOM from the components tab fills the project with its components', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'BOM_UPLOAD'])
  const project = await createProject(baseURL!, { name: `shop-${randomBytes(3).toString('hex')}` })
  await signIn(page, user, `/projects/${project.uuid}/components`)
  await expect(page.getByText('This project has no components yet')).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByLabel('Upload a CycloneDX BOM (JSON or XML)').setInputFiles({
    name: 'bom.json',
    mimeType: 'application/json',
    buffer: sampleBom(project.name),
  })
  await page.getByRole('button', { name: 'Upload BOM' }).click()
  await expect(page.getByTestId('toast')).toContainText('BOM uploaded')
  await expect(page.getByRole('link', { name: 'left-pad' })).toBeVisible({ timeout: 20_000 })
  await expect(page.getByRole('heading', { name: 'Components (2)' })).toBeVisible()

  await page.getByLabel('Direct dependencies only').check()
  await expect(page.getByRole('link', { name: 'logger' })).toBeVisible()
})

test('an invalid file is refused with the server’s explanation and nothing changes', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'BOM_UPLOAD'])
  const project = await createProject(baseURL!, {
    name: `broken-${randomBytes(3).toString('hex')}`,
  })
  await signIn(page, user, `/projects/${project.uuid}/components`)
  await page.getByLabel('Upload a CycloneDX BOM (JSON or XML)').setInputFiles({
    name: 'bom.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"bomFormat": "SPDX", "specVersion": "2.3"}'),
  })
  await page.getByRole('button', { name: 'Upload BOM' }).click()
  await expect(page.getByTestId('toast')).toContainText('The uploaded BOM is invalid')
  await expect(page.getByText('This project has no components yet')).toBeVisible()
})

test('the upload shows that it is under way and forgets the file once it succeeded', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'BOM_UPLOAD'])
  const project = await createProject(baseURL!, { name: `slow-${randomBytes(3).toString('hex')}` })
  await signIn(page, user, `/projects/${project.uuid}/components`)
  // Hold the upload back for a moment, as a slow network would.
  await page.route('**/components*', async (route) => {
    if (route.request().method() === 'POST') await new Promise((done) => setTimeout(done, 1500))
    await route.continue()
  })
  const file = page.getByLabel('Upload a CycloneDX BOM (JSON or XML)')
  await file.setInputFiles({
    name: 'bom.json',
    mimeType: 'application/json',
    buffer: sampleBom(project.name),
  })
  await page.getByRole('button', { name: 'Upload BOM' }).click()
  await expect(page.getByRole('button', { name: 'Uploading…' })).toBeDisabled()
  // A busy machine can take a while to pass the file on to the API.
  await expect(page.getByTestId('toast')).toContainText('BOM uploaded', { timeout: 20_000 })
  await expect(page.getByRole('button', { name: 'Upload BOM' })).toBeEnabled()
  await expect(file).toHaveValue('')
})

test('a 7.8 MB BOM file, as in the report, is uploaded whole', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'BOM_UPLOAD'])
  const project = await createProject(baseURL!, { name: `large-${randomBytes(3).toString('hex')}` })
  await signIn(page, user, `/projects/${project.uuid}/components`)
  const bom = sampleBom(project.name).toString('utf8').trimEnd()
  const padded = `${bom.slice(0, -1)}${' '.repeat(7_800_000 - bom.length)}}`
  await page.getByLabel('Upload a CycloneDX BOM (JSON or XML)').setInputFiles({
    name: 'bom.json',
    mimeType: 'application/json',
    buffer: Buffer.from(padded),
  })
  await page.getByRole('button', { name: 'Upload BOM' }).click()
  await expect(page.getByTestId('toast')).toContainText('BOM uploaded', { timeout: 20_000 })
  await expect(page.getByRole('link', { name: 'left-pad' })).toBeVisible({ timeout: 20_000 })
})
