import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { apiFor, createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'

/** A project whose BOM holds one uniquely named npm package with a known SHA-256, fully ingested. */
async function seedComponent(baseUrl: string) {
  const run = randomBytes(3).toString('hex')
  const name = `finder-${run}`
  const sha256 = createHash('sha256').update(name).digest('hex')
  const purl = `pkg:npm/%40acme/${name}@4.2.0`
  const project = await createProject(baseUrl, { name: `host-${run}`, version: '7.1' })
  const bom = {
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    components: [
      {
        type: 'library',
        group: '@acme',
        name,
        version: '4.2.0',
        purl,
        'bom-ref': purl,
        hashes: [{ alg: 'SHA-256', content: sha256 }],
        licenses: [{ license: { id: 'MIT' } }],
      },
    ],
  }
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  const upload = await api.put('/api/v1/bom', {
    token,
    json: { project: project.uuid, bom: Buffer.from(JSON.stringify(bom)).toString('base64') },
  })
  const { token: job } = JSON.parse(upload.text) as { token: string }
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseUrl}/api/v1/event/token/${job}`, {
          headers: { Authorization: `Bearer ${token}` },
        })
        return ((await response.json()) as { processing: boolean }).processing
      },
      { timeout: 20_000 },
    )
    .toBe(false)
  return { name, sha256, purl, project: { ...project, version: '7.1' } }
}

test('searching by coordinates finds the component and links it and its project', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedComponent(baseURL!)
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/components')
  await expect(page.getByText('Search the portfolio for a component')).toBeVisible()
  await expect(page.getByLabel('Search by')).toHaveValue('COORDINATES')
  await expectNoAxeViolations(page)

  await page.getByLabel('Name').fill(seeded.name.toUpperCase())
  await page.getByLabel('Version').fill('4.2')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/subject=COORDINATES/)
  await expect(page.getByRole('heading', { name: 'Components found: 1' })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: seeded.name })
  await expect(row.getByRole('link', { name: seeded.name })).toHaveAttribute(
    'href',
    /^\/components\/[0-9a-f-]{36}$/,
  )
  await expect(
    row.getByRole('link', { name: `${seeded.project.name} ${seeded.project.version}` }),
  ).toHaveAttribute('href', `/projects/${seeded.project.uuid}`)
  await expect(row).toContainText('@acme')
  await expect(row).toContainText(seeded.purl)
  await expectNoAxeViolations(page)

  await page.getByLabel('Version').fill('9.9.9')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No component found')).toBeVisible()
})

test('searching by package URL, following the URL contract, and refusing a broken one', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedComponent(baseURL!)
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(
    page,
    user,
    `/components?${new URLSearchParams({ subject: 'PACKAGE_URL', q: seeded.purl })}`,
  )
  await expect(page.getByLabel('Search by')).toHaveValue('PACKAGE_URL')
  await expect(page.getByLabel('Package URL (PURL)')).toHaveValue(seeded.purl)
  await expect(page.getByRole('link', { name: seeded.name })).toBeVisible()

  await page.getByLabel('Package URL (PURL)').fill('not a purl')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('“not a purl” is not a valid package URL')).toBeVisible()

  await page.getByLabel('Search by').selectOption('COORDINATES')
  await expect(page.getByLabel('Group')).toBeVisible()
  await expect(page.getByLabel('Package URL (PURL)')).toHaveCount(0)
})

test('searching by hash names the algorithms and explains what is not a hash', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const seeded = await seedComponent(baseURL!)
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/components')
  await page.getByLabel('Search by').selectOption('HASH')
  const hashField = page.getByLabel('Hash (MD5, SHA-1, SHA-2, SHA-3, BLAKE2b, BLAKE3)')
  await hashField.fill(seeded.sha256.toUpperCase())
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByRole('link', { name: seeded.name })).toBeVisible()
  await expect(page.getByText('Compared as SHA-256, SHA3-256, BLAKE2b-256.')).toBeVisible()

  await hashField.fill('0'.repeat(32))
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('No component in your portfolio has this hash')).toContainText('MD5')

  await hashField.fill('sha256:xyz')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('“sha256:xyz” is not a hash')).toBeVisible()
  await expectNoAxeViolations(page)
})
