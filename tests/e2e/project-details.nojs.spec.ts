import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, signIn, test } from './support/fixtures.ts'

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`
const MANAGER = ['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT']

test('without JavaScript: edit a project in the details dialog and save it', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(MANAGER)
  const project = await createProject(baseURL!, { name: unique('nojs-edit'), version: '1.0' })
  await signIn(page, user, `/projects/${project.uuid}`)
  await page.getByRole('link', { name: 'View details' }).click()
  const dialog = page.getByRole('dialog', { name: 'Project details' })
  await dialog.getByLabel('Description').fill('Edited without scripts')
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Project updated')
  await expect(page.getByText('Edited without scripts')).toBeVisible()

  await page.getByRole('link', { name: 'View details' }).click()
  await dialog.getByRole('link', { name: 'Identity' }).click()
  await dialog.getByLabel('Common Platform Enumeration (CPE)').fill('not a cpe')
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(dialog).toContainText('The CPE must conform to the CPE v2.2 or v2.3 specification')
  await dialog
    .getByLabel('Common Platform Enumeration (CPE)')
    .fill('cpe:2.3:a:acme:shop:1.0:*:*:*:*:*:*:*')
  await dialog.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Project updated')
  await expect(page.getByRole('region', { name: 'Project facts' })).toContainText(
    'cpe:2.3:a:acme:shop:1.0',
  )
})

test('without JavaScript: add a version and follow it until it is ready', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(MANAGER)
  const name = unique('nojs-clone')
  const project = await createProject(baseURL!, { name, version: '1.0' })
  await signIn(page, user, `/projects/${project.uuid}?details=general`)
  await page.getByRole('link', { name: 'Add version' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add version' })
  await dialog.getByLabel('New version').fill('1.1')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toContainText('Creating the new version')

  const ready = page.getByRole('link', { name: 'Open version 1.1' })
  await expect(async () => {
    await page.reload()
    await expect(ready).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  await ready.click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page).not.toHaveURL(new RegExp(project.uuid))
  await expect(page.getByLabel('Other versions')).toContainText('1.0')
})
