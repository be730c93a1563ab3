import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { apiFor, createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { waitForMetrics } from './support/metrics.ts'

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`

/** Adds a component through the API, as a CI script would. */
async function seedComponent(baseUrl: string, projectUuid: string, body: Record<string, unknown>) {
  const api = apiFor(baseUrl)
  const response = await api.put(`/api/v1/component/project/${projectUuid}`, {
    token: await api.adminToken(),
    json: { classifier: 'LIBRARY', ...body },
  })
  expect(response.status).toBe(201)
  return JSON.parse(response.text) as { uuid: string; name: string }
}

test('a portfolio manager adds a component on the tab, opens it and edits it', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  const project = await createProject(baseURL!, { name: unique('shop') })
  const name = unique('parser')
  await signIn(page, user, `/projects/${project.uuid}/components`)

  await page.getByRole('link', { name: 'Add component' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add component' })
  await expect(dialog.getByRole('tab', { name: 'Identity' })).toHaveAttribute(
    'aria-selected',
    'true',
  )
  await expectNoAxeViolations(page)
  await dialog.getByLabel('Component name').fill(name)
  await dialog.getByLabel('Version', { exact: true }).fill('2.4.1')
  await dialog.getByLabel('Namespace, group or vendor').fill('org.acme')
  await dialog.getByLabel('Package URL (PURL)').fill(`pkg:maven/org.acme/${name}@2.4.1`)
  await dialog.getByRole('tab', { name: 'Hashes' }).click()
  await dialog.getByLabel('SHA-256').fill('abc')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByText('Enter the hash as hexadecimal digits')).toBeVisible()
  await dialog.getByLabel('SHA-256').fill('a'.repeat(64))
  await dialog.getByRole('button', { name: 'Create' }).click()

  await expect(page.getByTestId('toast')).toContainText('Component created')
  await expect(dialog).toBeHidden()
  await page.getByRole('link', { name, exact: true }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    new RegExp(`org\\.acme\\s*▸\\s*${name}\\s*▸\\s*2\\.4\\.1`),
  )
  await expect(page.getByText('External', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Show in dependency graph' })).toHaveAttribute(
    'href',
    new RegExp(`/projects/${project.uuid}/dependencyGraph/[0-9a-f-]{36}$`),
  )
  await expect(page.getByRole('link', { name: 'Projects also using it' })).toHaveAttribute(
    'href',
    `/components?subject=PACKAGE_URL&q=${encodeURIComponent(`pkg:maven/org.acme/${name}@2.4.1`)}`,
  )
  const facts = page.getByRole('region', { name: 'Component facts' })
  await expect(facts).toContainText('a'.repeat(64))
  await expect(
    page.getByRole('region', { name: 'Component vulnerabilities' }).getByRole('img'),
  ).toHaveAccessibleName('Component vulnerabilities')
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'View details' }).click()
  const details = page.getByRole('dialog', { name: 'Component details' })
  await expect(details.getByLabel('Component name')).toHaveValue(name)
  await expectNoAxeViolations(page)
  await details.getByRole('tab', { name: 'Legal' }).click()
  await details.getByLabel('License expression').fill('Apache-2.0 OR MIT')
  await details.getByRole('tab', { name: 'Notes' }).click()
  await details.getByRole('textbox', { name: 'Notes' }).fill('Reviewed by the security team')
  await details.getByRole('button', { name: 'Update' }).click()

  await expect(page.getByTestId('toast')).toContainText('Component updated')
  await expect(facts).toContainText('Apache-2.0 OR MIT')
  await page.getByRole('link', { name: 'View details' }).click()
  await details.getByRole('tab', { name: 'Notes' }).click()
  await expect(details.getByRole('textbox', { name: 'Notes' })).toHaveValue(
    'Reviewed by the security team',
  )
})

test('an update keeps what the form does not show, and the API’s refusals appear at the field', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  const project = await createProject(baseURL!, { name: unique('kept') })
  const component = await seedComponent(baseURL!, project.uuid, {
    name: unique('zlib'),
    version: '1.3',
    authors: [{ name: 'Jean-loup Gailly' }, { name: 'Mark Adler' }],
    sha384: 'b'.repeat(96),
  })
  const api = apiFor(baseURL!)
  const referenced = await api.post('/api/v1/component', {
    token: await api.adminToken(),
    json: {
      ...component,
      externalReferences: [{ type: 'vcs', url: 'https://github.com/madler/zlib' }],
    },
  })
  expect(referenced.status).toBe(200)
  await signIn(page, user, `/components/${component.uuid}?details`)
  const details = page.getByRole('dialog', { name: 'Component details' })
  await details.getByRole('tab', { name: 'External references' }).click()
  await expect(details.getByRole('link', { name: 'https://github.com/madler/zlib' })).toBeVisible()

  await details.getByRole('tab', { name: 'Identity' }).click()
  await details.getByLabel('Package URL (PURL)').fill('not a purl')
  await details.getByRole('button', { name: 'Update' }).click()
  await expect(details.getByText(/Package URL \(purl\) must be a valid URI/)).toBeVisible()

  await details.getByLabel('Package URL (PURL)').fill('pkg:generic/zlib@1.3')
  await details.getByRole('tab', { name: 'Extended' }).click()
  await details.getByLabel('Description').fill('Compression library')
  await details.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Component updated')

  const facts = page.getByRole('region', { name: 'Component facts' })
  await expect(facts).toContainText('Jean-loup Gailly, Mark Adler')
  await expect(facts).toContainText('b'.repeat(96))
  await expect(facts).toContainText('pkg:generic/zlib@1.3')
  await expect(page.getByRole('region', { name: 'External references' })).toContainText(
    'https://github.com/madler/zlib',
  )
})

test('properties are created and deleted from the properties dialog', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  const project = await createProject(baseURL!, { name: unique('props') })
  const component = await seedComponent(baseURL!, project.uuid, { name: unique('openssl') })
  await signIn(page, user, `/components/${component.uuid}`)

  await page.getByRole('link', { name: 'Properties' }).click()
  const list = page.getByRole('dialog', { name: 'Component properties' })
  await expect(list).toContainText('This component has no properties.')
  await list.getByRole('link', { name: 'Create property' }).click()
  const create = page.getByRole('dialog', { name: 'Create component property' })
  await expect(create.getByLabel('Property type')).not.toContainText('ENCRYPTEDSTRING')
  await expectNoAxeViolations(page)
  await create.getByLabel('Property name').fill('fips')
  await create.getByLabel('Property value').fill('true')
  await create.getByLabel('Property type').selectOption('BOOLEAN')
  await create.getByRole('button', { name: 'Create' }).click()

  await expect(page.getByTestId('toast')).toContainText('Property created')
  const row = list.getByRole('row', { name: /fips/ })
  await expect(row).toContainText('BOOLEAN')
  await expectNoAxeViolations(page)
  await row.getByRole('checkbox', { name: 'Select property fips' }).check()
  await list.getByRole('button', { name: 'Delete selected' }).click()
  await expect(page.getByTestId('toast')).toContainText('Properties deleted: 1')
  await expect(list).toContainText('This component has no properties.')
})

test('checked components are removed from the tab; delete from the details asks first', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  const project = await createProject(baseURL!, { name: unique('cleanup') })
  const keep = await seedComponent(baseURL!, project.uuid, { name: unique('keep') })
  const drop = await seedComponent(baseURL!, project.uuid, { name: unique('drop') })
  await signIn(page, user, `/projects/${project.uuid}/components`)

  await page.getByRole('button', { name: 'Remove selected components' }).click()
  await expect(page.getByTestId('toast')).toContainText('No items selected')
  const selectAll = page.getByRole('checkbox', { name: 'Select all components on this page' })
  await selectAll.check()
  await expect(page.getByRole('checkbox', { name: `Select ${keep.name}` })).toBeChecked()
  await selectAll.uncheck()
  await expect(page.getByRole('checkbox', { name: `Select ${keep.name}` })).not.toBeChecked()
  await page.getByRole('checkbox', { name: `Select ${drop.name}` }).check()
  await page.getByRole('button', { name: 'Remove selected components' }).click()
  await expect(page.getByTestId('toast')).toContainText('Components removed: 1')
  await expect(page.getByRole('link', { name: drop.name })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Components (1)' })).toBeVisible()

  await page.goto(`/components/${keep.uuid}?details`)
  await page.getByRole('link', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete component' })
  await expect(confirm).toContainText(keep.name)
  await expectNoAxeViolations(page)
  await confirm.getByRole('button', { name: 'Delete component' }).click()
  await expect(page).toHaveURL(new RegExp(`/projects/${project.uuid}/components$`))
  await expect(page.getByTestId('toast')).toContainText('Component deleted')
  await expect(page.getByText('This project has no components yet')).toBeVisible()
})

test('the BOM and the component list download from the tab', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await createProject(baseURL!, { name: unique('export') })
  await seedComponent(baseURL!, project.uuid, {
    name: 'tricky, "quoted" name',
    version: '1.0',
    purl: 'pkg:npm/tricky@1.0',
  })
  await seedComponent(baseURL!, project.uuid, { name: '=cmd', version: '2.0' })
  await waitForMetrics(baseURL!, project.uuid, (metrics) => metrics.components === 2)
  await signIn(page, user, `/projects/${project.uuid}/components`)
  await expect(page.getByRole('link', { name: 'Add component' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Remove selected components' })).toHaveCount(0)

  await page.getByText('Download BOM').click()
  const [bom] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Inventory', exact: true }).click(),
  ])
  expect(bom.suggestedFilename()).toMatch(/\.json$/)
  const document = JSON.parse(await readFile((await bom.path())!, 'utf8')) as {
    bomFormat: string
    components: Array<{ name: string }>
  }
  expect(document.bomFormat).toBe('CycloneDX')
  expect(document.components.map((component) => component.name).sort()).toEqual([
    '=cmd',
    'tricky, "quoted" name',
  ])

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download components (CSV)' }).click(),
  ])
  expect(csv.suggestedFilename()).toBe(`${project.name}-components.csv`)
  const lines = (await readFile((await csv.path())!, 'utf8')).trim().split('\r\n')
  expect(lines[0]).toBe(
    'name,version,group,internal,license,lastInheritedRiskScore,vulnerabilities,purl',
  )
  // Measured clean: risk score and vulnerability count are 0.
  expect(lines).toContain("'=cmd,2.0,,false,,0,0,")
  expect(lines).toContain('"tricky, ""quoted"" name",1.0,,false,,0,0,pkg:npm/tricky@1.0')
})

test('without portfolio management the details are read-only', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await createProject(baseURL!, { name: unique('readonly') })
  const component = await seedComponent(baseURL!, project.uuid, { name: unique('libxml') })
  await signIn(page, user, `/components/${component.uuid}?details`)
  const details = page.getByRole('dialog', { name: 'Component details' })
  await expect(details.getByLabel('Component name')).toHaveAttribute('readonly', '')
  await expect(details.getByRole('button', { name: 'Update' })).toHaveCount(0)
  await expect(details.getByRole('link', { name: 'Delete' })).toHaveCount(0)
  await page.goto(`/components/${component.uuid}/overview`)
  await expect(page).toHaveURL(new RegExp(`/components/${component.uuid}$`))
  await page.goto(`/components/${component.uuid}/vulnerabilities`)
  await expect(page.getByRole('heading', { name: 'Vulnerabilities (0)' })).toBeVisible()
  await page.goto(`/components/${component.uuid}/nonsense`)
  await expect(page.getByRole('heading', { name: 'Oops! This is awkward' })).toBeVisible()
})
