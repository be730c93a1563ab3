import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, signIn, test } from './support/fixtures.ts'

test('without JavaScript: add a component, edit it and remove it', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  const project = await createProject(baseURL!, {
    name: `nojs-parts-${randomBytes(3).toString('hex')}`,
  })
  const name = `nojs-lib-${randomBytes(3).toString('hex')}`
  await signIn(page, user, `/projects/${project.uuid}/components`)

  await page.getByRole('link', { name: 'Add component' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add component' })
  await dialog.getByLabel('Component name').fill(name)
  await dialog.getByLabel('Version', { exact: true }).fill('0.9.0')
  await dialog.getByLabel('Classifier').selectOption('FRAMEWORK')
  await dialog.getByLabel('SHA-1').fill('c'.repeat(40))
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toContainText('Component created')

  await page.getByRole('link', { name, exact: true }).click()
  await page.getByRole('link', { name: 'View details' }).click()
  const details = page.getByRole('dialog', { name: 'Component details' })
  await details.getByLabel('License', { exact: true }).fill('Proprietary')
  await details.getByRole('textbox', { name: 'Notes' }).fill('Vendored copy')
  await details.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Component updated')
  const facts = page.getByRole('region', { name: 'Component facts' })
  await expect(facts).toContainText('Proprietary')
  await expect(facts).toContainText('Framework')
  await expect(facts).toContainText('c'.repeat(40))

  await page.goto(`/projects/${project.uuid}/components`)
  await page.getByRole('checkbox', { name: `Select ${name}` }).check()
  await page.getByRole('button', { name: 'Remove selected components' }).click()
  await expect(page.getByTestId('toast')).toContainText('Components removed: 1')
  await expect(page.getByText('This project has no components yet')).toBeVisible()
})
