import { expect, signIn, test } from './support/fixtures.ts'
import {
  repositoriesPage,
  repositoryRow,
  storedRepository,
  uniqueIdentifier,
} from './support/repositories.ts'

test('without JavaScript: create, refuse, edit and delete a repository', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['SYSTEM_CONFIGURATION'])
  await signIn(page, user, repositoriesPage('gem'))
  await page.getByRole('link', { name: 'Create repository' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create repository' })
  await expect(dialog.getByLabel('Repository type')).toHaveValue('GEM')

  // The credentials appear with the switch (CSS), and the refusal lists every missing field.
  const identifier = uniqueIdentifier('gems')
  await dialog.getByLabel('Identifier *').fill(identifier)
  await dialog.getByLabel('Authentication required').check()
  await expect(dialog.getByLabel('Username *')).toBeVisible()
  await dialog.getByLabel('Password *').fill('nojs-secret-1')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByText('This field is required')).toHaveCount(2)
  await expect(dialog.getByLabel('Identifier *')).toHaveValue(identifier)
  await expect(dialog.getByLabel('Password *')).toHaveValue('')
  expect(await page.content()).not.toContain('nojs-secret-1')

  await dialog.getByLabel('URL *').fill('https://gems.example.test/')
  await dialog.getByLabel('Username *').fill('bundler')
  await dialog.getByLabel('Password *').fill('nojs-secret-1')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toContainText('Repository created')
  const row = repositoryRow(page, identifier)
  await expect(row).toContainText('https://gems.example.test/')

  await row.getByRole('link', { name: `Edit ${identifier}` }).click()
  const editor = page.getByRole('region', { name: `Edit repository ${identifier}` })
  await editor.getByLabel('URL *').fill('https://gems2.example.test/')
  await editor.getByLabel('Internal').check()
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toContainText('Updated')
  await expect(row).toContainText('https://gems2.example.test/')
  expect(await storedRepository(baseURL!, 'GEM', identifier)).toMatchObject({
    url: 'https://gems2.example.test/',
    internal: true,
    authenticationRequired: true,
    username: 'bundler',
  })

  await editor.getByRole('button', { name: 'Delete repository' }).click()
  await expect(page.getByTestId('toast')).toContainText('Repository deleted')
  await expect(repositoryRow(page, identifier)).toHaveCount(0)
})
