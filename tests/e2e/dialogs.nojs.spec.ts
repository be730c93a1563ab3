import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, signIn, test } from './support/fixtures.ts'

test('without JavaScript: a long dialog keeps its actions in view, and a refusal is shown in German', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'])
  const name = `nojs-doppelt-${randomBytes(3).toString('hex')}`
  await createProject(baseURL!, { name })
  await page.setViewportSize({ width: 390, height: 844 })
  await signIn(page, user, '/projects')
  await page.getByLabel('User menu').click()
  await page.getByLabel('Language', { exact: true }).selectOption('de')
  await page.getByRole('button', { name: 'Change language' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')

  await page.goto('/projects?create')
  const dialog = page.getByRole('dialog', { name: 'Projekt erstellen' })
  const submit = dialog.getByRole('button', { name: 'Erstellen', exact: true })
  await expect(submit).toBeInViewport({ ratio: 1 })
  await dialog.getByLabel('Projektname').fill(name)
  await submit.click()
  await expect(dialog.getByRole('alert')).toHaveText(
    'Ein Projekt mit diesem Namen und dieser Version existiert bereits.',
  )
  await expect(submit).toBeInViewport({ ratio: 1 })
})
