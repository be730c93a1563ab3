import { randomBytes } from 'node:crypto'
import { expect, signIn, test } from './support/fixtures.ts'

test('without JavaScript: create a project through the form and search for it', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  const name = `nojs-${randomBytes(3).toString('hex')}`
  await signIn(page, user, '/projects')
  await page.getByRole('link', { name: 'Create project' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create project' })
  await dialog.getByLabel('Project name').fill(name)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toContainText('Project created')

  await page.goto('/projects')
  await page.getByLabel('Search projects').fill(name)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByRole('link', { name })).toBeVisible()
})
