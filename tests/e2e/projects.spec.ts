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
