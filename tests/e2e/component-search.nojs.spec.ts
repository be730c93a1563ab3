import { expect, signIn, test } from './support/fixtures.ts'

test('without JavaScript: the search is a GET form, and the fields follow the subject', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/components')
  await page.getByLabel('Name').fill('no-such-component-anywhere')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/subject=COORDINATES&group=&name=no-such-component-anywhere/)
  await expect(page.getByText('No component found')).toBeVisible()

  await page.getByLabel('Search by').selectOption('HASH')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/subject=HASH/)
  const hashField = page.getByLabel('Hash (MD5, SHA-1, SHA-2, SHA-3, BLAKE2b, BLAKE3)')
  await hashField.fill('not-hex')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page.getByText('“not-hex” is not a hash')).toBeVisible()
  await expect(hashField).toHaveValue('not-hex')
})
