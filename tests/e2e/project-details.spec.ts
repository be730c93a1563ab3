import { randomBytes } from 'node:crypto'
import { apiFor, createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`
const MANAGER = ['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT']

/** A project as a BOM would leave it: manufacturer, authors and external references included. */
async function createRichProject(baseUrl: string, name: string, version: string) {
  const api = apiFor(baseUrl)
  const response = await api.put('/api/v1/project', {
    token: await api.adminToken(),
    json: {
      name,
      version,
      description: 'Checkout service',
      authors: [{ name: 'Ada Author', email: 'ada@example.test' }],
      manufacturer: {
        name: 'Acme Corp',
        urls: ['https://acme.example'],
        contacts: [{ name: 'Max Maker', email: 'max@acme.example', phone: '+1 555 0100' }],
      },
      externalReferences: [
        { type: 'vcs', url: 'https://git.example/checkout', comment: 'Source code' },
        { type: 'website', url: 'javascript:alert(1)' },
      ],
    },
  })
  if (response.status !== 201) throw new Error(`creation failed: ${response.status}`)
  return JSON.parse(response.text) as { uuid: string }
}

async function readProject(baseUrl: string, uuid: string) {
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  const response = await fetch(`${baseUrl}/api/v1/project/${uuid}`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  return { status: response.status, body: response.status === 200 ? await response.json() : null }
}

test('a portfolio manager edits general and identity fields in one go; nothing else is lost', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(MANAGER)
  const name = unique('checkout')
  const project = await createRichProject(baseURL!, name, '1.0')
  await createProject(baseURL!, { name, version: '0.9' })
  await page.setViewportSize({ width: 1440, height: 900 })
  await signIn(page, user, `/projects/${project.uuid}/components`)

  const references = page.getByText('External references (2)')
  await references.click()
  await expect(page.getByRole('link', { name: 'https://git.example/checkout' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'javascript:alert(1)' })).toHaveCount(0)
  await expect(page.getByText('javascript:alert(1)')).toBeVisible()
  await references.click()

  await page.getByRole('link', { name: 'View details' }).click()
  const dialog = page.getByRole('dialog', { name: 'Project details' })
  await expect(dialog).toBeVisible()
  await expect(page).toHaveURL(/\/components\?details=general$/)
  await expectNoAxeViolations(page)

  await dialog.getByLabel('Description').fill('Checkout service, now with refunds')
  await dialog.getByLabel('Classifier').selectOption('LIBRARY')
  await dialog.getByLabel('Tags').fill('payments eu')
  await dialog.getByRole('link', { name: 'Identity' }).click()
  await expect(page).toHaveURL(/details=identity/)
  await dialog.getByLabel('Package URL (PURL)').fill('pkg:npm/checkout@1.0')
  await expectNoAxeViolations(page)
  await dialog.getByRole('link', { name: 'Manufacturer' }).click()
  await expect(dialog.getByRole('cell', { name: 'Max Maker' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Update' }).click()

  await expect(page.getByTestId('toast')).toContainText('Project updated')
  await expect(dialog).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/projects/${project.uuid}/components$`))
  await expect(page.getByText('Checkout service, now with refunds')).toBeVisible()
  await expect(page.getByRole('link', { name: 'payments' })).toBeVisible()

  const saved = (await readProject(baseURL!, project.uuid)).body
  expect(saved.purl).toBe('pkg:npm/checkout@1.0')
  expect(saved.classifier).toBe('LIBRARY')
  expect(saved.manufacturer.name).toBe('Acme Corp')
  expect(saved.authors).toEqual([{ name: 'Ada Author', email: 'ada@example.test' }])
  expect(saved.externalReferences).toHaveLength(2)

  await page.getByRole('link', { name: 'View details' }).click()
  await dialog.getByLabel('Version', { exact: true }).fill('0.9')
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(dialog.getByRole('alert')).toContainText(
    'A project with this name and version already exists.',
  )
  await expect(dialog.getByLabel('Version', { exact: true })).toHaveValue('0.9')
  await expectNoAxeViolations(page)
})

test('an active project with an active child cannot be deactivated; readers see read-only fields', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const manager = await makeUser(MANAGER)
  const parent = await createProject(baseURL!, { name: unique('platform') })
  const middle = await createProject(baseURL!, { name: unique('middle'), parentUuid: parent.uuid })
  const leaf = await createProject(baseURL!, { name: unique('leaf'), parentUuid: middle.uuid })
  await signIn(page, manager, `/projects/${parent.uuid}?details=general`)
  const dialog = page.getByRole('dialog', { name: 'Project details' })
  const active = dialog.getByRole('switch', { name: 'Active' })
  await expect(active).toBeChecked()
  await expect(active).toBeDisabled()
  await expect(dialog).toContainText(
    'The project cannot be set to inactive while it has active child projects.',
  )

  await page.goto(`/projects/${middle.uuid}?details=general`)
  await expect(dialog.getByRole('switch', { name: 'Active' })).toBeDisabled()

  await page.goto(`/projects/${leaf.uuid}?details=general`)
  await dialog.getByRole('switch', { name: 'Active' }).uncheck()
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Project updated')
  await expect(page.getByText('Inactive', { exact: true })).toBeVisible()

  const reader = await makeUser(['VIEW_PORTFOLIO'])
  await page.context().clearCookies()
  await signIn(page, reader, `/projects/${parent.uuid}`)
  await page.getByRole('link', { name: 'View details' }).click()
  await expect(dialog.getByLabel('Project name')).toBeDisabled()
  await expect(dialog.getByRole('button', { name: 'Update' })).toHaveCount(0)
  await expect(dialog.getByRole('link', { name: 'Delete' })).toHaveCount(0)
  await expectNoAxeViolations(page)
})

test('deleting a project asks for confirmation first, then returns to the project list', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(MANAGER)
  const project = await createProject(baseURL!, { name: unique('obsolete'), version: '1' })
  const child = await createProject(baseURL!, { name: unique('leaf'), parentUuid: project.uuid })
  await signIn(page, user, `/projects/${project.uuid}?details=general`)
  await page.getByRole('link', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete project' })
  await expect(confirm).toContainText(`Delete the project ${project.name} 1?`)
  await expect(confirm).toContainText('1 direct children')
  await expectNoAxeViolations(page)

  await confirm.getByRole('link', { name: 'Cancel' }).click()
  await expect(page.getByRole('dialog', { name: 'Project details' })).toBeVisible()
  expect((await readProject(baseURL!, project.uuid)).status).toBe(200)

  await page.getByRole('link', { name: 'Delete' }).click()
  await confirm.getByRole('button', { name: 'Delete project' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByTestId('toast')).toContainText('Project deleted')
  expect((await readProject(baseURL!, project.uuid)).status).toBe(404)
  expect((await readProject(baseURL!, child.uuid)).status).toBe(404)
})

test('properties: create typed and encrypted ones, then delete the checked rows', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(MANAGER)
  const project = await createProject(baseURL!, { name: unique('props') })
  await signIn(page, user, `/projects/${project.uuid}?details=general`)
  await page.getByRole('link', { name: 'Properties' }).click()
  const list = page.getByRole('dialog', { name: 'Project properties' })
  await expect(list).toContainText('This project has no properties.')
  await expectNoAxeViolations(page)

  await list.getByRole('link', { name: 'Create property' }).click()
  const create = page.getByRole('dialog', { name: 'Create project property' })
  await create.getByLabel('Group name').fill('build')
  await create.getByLabel('Property name').fill('retries')
  await create.getByLabel('Property value').fill('many')
  await create.getByLabel('Property type').selectOption('INTEGER')
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(create).toContainText('Enter a whole number.')
  await expectNoAxeViolations(page)
  await create.getByLabel('Property value').fill('3')
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toContainText('Property created')
  await expect(list.getByRole('row', { name: /build retries 3 INTEGER/ })).toBeVisible()

  await list.getByRole('link', { name: 'Create property' }).click()
  await create.getByLabel('Group name').fill('secrets')
  await create.getByLabel('Property name').fill('token')
  await create.getByLabel('Property value').fill('s3cr3t-value')
  await create.getByLabel('Property type').selectOption('ENCRYPTEDSTRING')
  await create.getByLabel('Description').fill('Deploy token')
  await create.getByRole('button', { name: 'Create' }).click()
  const secret = list.getByRole('row', { name: /secrets token/ })
  await expect(secret).toContainText('Hidden (encrypted)')
  await expect(page.locator('body')).not.toContainText('s3cr3t-value')

  await list.getByRole('link', { name: 'Create property' }).click()
  await create.getByLabel('Group name').fill('build')
  await create.getByLabel('Property name').fill('retries')
  await create.getByLabel('Property value').fill('4')
  await create.getByLabel('Property type').selectOption('INTEGER')
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(create.getByRole('alert')).toContainText(
    'A property with this group and name already exists.',
  )
  await create.getByRole('link', { name: 'Cancel' }).click()

  await list.getByLabel('Select build / retries').check()
  await list.getByLabel('Select secrets / token').check()
  await list.getByRole('button', { name: 'Delete selected' }).click()
  await expect(page.getByTestId('toast')).toContainText('Properties deleted: 2')
  await expect(list).toContainText('This project has no properties.')
})

test('adding a version clones the project in the background and leads to the new version', async ({
  page,
  makeUser,
  baseURL,
}) => {
  // The clone is a background job; on a busy machine it can take a while to be picked up.
  test.slow()
  const user = await makeUser(MANAGER)
  const name = unique('api')
  const project = await createProject(baseURL!, { name, version: '1.0', tags: ['backend'] })
  await signIn(page, user, `/projects/${project.uuid}?details=general`)
  await page.getByRole('link', { name: 'Add version' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add version' })
  await expect(dialog.getByRole('switch', { name: 'Include components' })).toBeChecked()
  await expect(dialog.getByRole('switch', { name: 'Is latest version' })).not.toBeChecked()
  await expectNoAxeViolations(page)

  await dialog.getByLabel('New version').fill('1.0')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByRole('alert')).toContainText(
    'A project with this name and version already exists.',
  )

  await dialog.getByLabel('New version').fill('2.0')
  await dialog.getByRole('switch', { name: 'Is latest version' }).check()
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toContainText('Creating the new version')
  await expect(page.getByRole('status').filter({ hasText: 'Version 2.0 is ready.' })).toBeVisible({
    timeout: 20_000,
  })
  await expect(page.getByLabel('Other versions')).toContainText('2.0')
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Open version 2.0' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('Latest version', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'backend' })).toBeVisible()
})
