import { randomBytes, randomUUID } from 'node:crypto'
import { createProject, createUser } from './support/api.ts'
import { sampleBom } from './support/boms.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { startFreshServer } from './support/fresh-server.ts'
import { releaseAdmin, uploadBom } from './support/list-data.ts'

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
}) => {
  test.slow()
  // A server without a worker keeps every upload queued, so the notice stays up for the test.
  const server = await startFreshServer({ LOOKOUT_ROLES: 'console,api' })
  try {
    await releaseAdmin(server.baseUrl)
    const user = await createUser(server.baseUrl, ['VIEW_PORTFOLIO'])
    const project = await createProject(server.baseUrl, { name: 'queued' })
    const token = await uploadBom(server.baseUrl, project.uuid, sampleBom(project.name))
    await signIn(page, user, `${server.baseUrl}/projects/${project.uuid}/components?token=${token}`)
    await expect(page.getByText('The BOM is being processed')).toBeVisible()
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(1)

    let loads = 0
    page.on('load', () => (loads += 1))
    await expect.poll(() => loads, { timeout: 15_000 }).toBeGreaterThanOrEqual(2)
    await expect(page.getByText('The BOM is being processed')).toBeVisible()

    // Once the token is no longer processing, the notice and its refresh are gone.
    // (The page's own refresh may interrupt the first attempt to leave it.)
    await expect(async () => {
      await page.goto(`${server.baseUrl}/projects/${project.uuid}/components?token=${randomUUID()}`)
    }).toPass()
    await expect(page.getByText('The BOM is being processed')).toHaveCount(0)
    await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0)
  } finally {
    await server.stop()
  }
})
