import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'

const unique = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`

test('a portfolio manager creates a project from the list and finds it again', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  const name = unique('webshop')
  await page.setViewportSize({ width: 1600, height: 900 })
  await signIn(page, user, '/projects')
  await page.getByRole('link', { name: 'Create project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create project' })
  await expect(dialog).toBeVisible()
  await expectNoAxeViolations(page)
  await dialog.getByLabel('Project name').fill(name)
  await dialog.getByLabel('Version', { exact: true }).fill('1.0.0')
  await dialog.getByLabel('Classifier').selectOption('LIBRARY')
  await dialog.getByLabel('Tags').fill('Payments, EU')
  await dialog.getByRole('button', { name: 'Create' }).click()

  await expect(page).toHaveURL(/\/projects\/[0-9a-f-]{36}$/)
  await expect(page.getByTestId('toast')).toContainText('Project created')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Project facts' })).toContainText('Library')

  await page.goto(`/projects?searchText=${name}`)
  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('1.0.0')
  await expect(row).toContainText('Library')
  await row.getByRole('link', { name: 'payments' }).click()
  await expect(page.getByText('Projects tagged with payments')).toBeVisible()
  await expect(page.getByRole('link', { name })).toBeVisible()
  await expectNoAxeViolations(page)
})

test('the hierarchy view expands children; flat view and inactive filter behave as in 4.13', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const tag = unique('tree')
  const parent = await createProject(baseURL!, { name: unique('platform'), tags: [tag] })
  const child = await createProject(baseURL!, {
    name: unique('service'),
    parentUuid: parent.uuid,
    tags: [tag],
  })
  const retired = await createProject(baseURL!, {
    name: unique('retired'),
    tags: [tag],
    active: false,
  })
  await signIn(page, user, `/projects?tag=${tag}`)

  await expect(page.getByRole('link', { name: parent.name, exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: child.name, exact: true })).toHaveCount(0)
  await expect(page.getByRole('link', { name: retired.name, exact: true })).toHaveCount(0)
  await page.getByRole('link', { name: `Show the child projects of ${parent.name}` }).click()
  await expect(page.getByRole('link', { name: child.name, exact: true })).toBeVisible()

  await page.getByLabel('Show inactive projects').check()
  await expect(page.getByRole('link', { name: retired.name, exact: true })).toBeVisible()
  await page.getByLabel('Show flat project view').check()
  await expect(page.getByRole('link', { name: child.name, exact: true })).toBeVisible()
  await expect(
    page.getByRole('link', { name: `Show the child projects of ${parent.name}` }),
  ).toHaveCount(0)
})

test('the project page shows its facts, tabs and a version switcher', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const name = unique('gateway')
  const current = await createProject(baseURL!, { name, version: '2.0' })
  const older = await createProject(baseURL!, { name, version: '1.0' })
  await signIn(page, user, `/projects/${current.uuid}`)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  const tabs = page.getByRole('navigation', { name: 'Project sections' })
  await expect(tabs.getByRole('link', { name: 'Components' })).toBeVisible()
  await expect(tabs.getByRole('link', { name: 'Audit vulnerabilities' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  await page.getByLabel('Other versions').selectOption('1.0')
  await expect(page).toHaveURL(new RegExp(`/projects/${older.uuid}$`))
  await tabs.getByRole('link', { name: 'Services' }).click()
  await expect(page).toHaveURL(new RegExp(`/projects/${older.uuid}/services$`))
  await expect(page.getByRole('heading', { level: 2, name: 'Services' })).toBeVisible()

  await page.goto('/projects/00000000-0000-4000-8000-000000000000')
  await expect(page.getByRole('heading', { name: 'Oops! This is awkward' })).toBeVisible()
})
