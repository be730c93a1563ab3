import { randomBytes } from 'node:crypto'
import { createProject } from './support/api.ts'
import { expect, signIn, test } from './support/fixtures.ts'
import { numberedBom, uploadBomAndWait } from './support/list-data.ts'

test('without JavaScript: the components tab sorts, changes its page size and pages', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  const project = await createProject(baseURL!, {
    name: `nojs-parts-${randomBytes(3).toString('hex')}`,
  })
  await uploadBomAndWait(baseURL!, project.uuid, numberedBom(project.name, 12))
  await signIn(page, user, `/projects/${project.uuid}/components`)

  const rows = page.getByRole('table').getByRole('row')
  await page.getByRole('link', { name: 'Version', exact: true }).click()
  await page.getByRole('link', { name: 'Component', exact: true }).click()
  await page.getByRole('link', { name: 'Component', exact: true }).click()
  await expect(rows.nth(1)).toContainText('lib-012')
  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page.getByText('Showing 11 to 12 of 12 components')).toBeVisible()
  await expect(rows.nth(1)).toContainText('lib-002')

  await page.getByLabel('Rows per page').selectOption('50')
  await page
    .getByRole('navigation', { name: 'Component pages' })
    .getByRole('button', {
      name: 'Apply',
    })
    .click()
  await expect(page.getByText('Showing 1 to 12 of 12 components')).toBeVisible()
  await expect(page).toHaveURL(/sortName=name&sortOrder=desc/)

  await page.getByLabel('Search components').fill('lib-00')
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Showing 1 to 9 of 9 components')).toBeVisible()
  await expect(page).toHaveURL(/pageSize=50/)
})
