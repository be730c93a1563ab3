import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, signIn, test } from './support/fixtures.ts'

test('without JavaScript: search tags, open the tagged projects and delete a tag', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const run = randomBytes(3).toString('hex')
  await createProject(baseURL!, { name: `nojs-${run}`, tags: [`nojs-a-${run}`, `nojs-b-${run}`] })
  const user = await makeUser(['VIEW_PORTFOLIO', 'TAG_MANAGEMENT', 'PORTFOLIO_MANAGEMENT'])
  await signIn(page, user, '/tags')

  await page.getByLabel('Search tags').fill(run)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await page.getByRole('link', { name: `Projects tagged with nojs-a-${run}: 1` }).click()
  const dialog = page.getByRole('dialog', { name: `Projects tagged with nojs-a-${run}` })
  await expect(dialog.getByRole('link', { name: `nojs-${run}` })).toBeVisible()
  await dialog.getByRole('link', { name: 'Close' }).click()
  await expect(dialog).toHaveCount(0)

  await page.getByRole('button', { name: 'Delete selected tags' }).click()
  await expect(page.getByTestId('toast')).toContainText('No items selected')

  await page.getByLabel(`Select nojs-a-${run}`).check()
  await page.getByRole('button', { name: 'Delete selected tags' }).click()
  await expect(page.getByTestId('toast')).toContainText('Tags deleted: 1')
  await expect(page.getByRole('cell', { name: `nojs-a-${run}`, exact: true })).toHaveCount(0)
  await expect(page.getByRole('cell', { name: `nojs-b-${run}`, exact: true })).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`searchText=${run}`))
})
