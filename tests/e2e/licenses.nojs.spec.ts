import { expect, signIn, test } from './support/fixtures.ts'
import { createCustomLicense, uniqueSuffix } from './support/licenses.ts'

test('without JavaScript: search, sort and page the catalogue, then read a license’s tabs', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/licenses')

  await page.getByLabel('Search licenses').fill('bsd')
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/searchText=bsd/)
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('link').click()
  await page.getByRole('columnheader', { name: 'Name' }).getByRole('link').click()
  await expect(page).toHaveURL(/sortName=name&sortOrder=desc/)
  await page.getByLabel('Rows per page').selectOption('25')
  await page.getByRole('navigation', { name: 'License pages' }).getByRole('button').click()
  await expect(page).toHaveURL(/pageSize=25/)
  await expect(page).toHaveURL(/searchText=bsd/)
  await expect(page.getByRole('columnheader', { name: 'Name' })).toHaveAttribute(
    'aria-sort',
    'descending',
  )
  await expect(page.getByText(/Showing 1 to (1\d|2\d) of \d+ licenses/)).toBeVisible()

  await page.goto('/licenses/Apache-2.0')
  await page.getByRole('link', { name: 'License text' }).click()
  await expect(page.getByRole('region', { name: 'License text' })).toContainText('Apache License')
  await page.getByRole('link', { name: 'Overview' }).click()
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText(
    'Approved by the Open Source Initiative',
  )
})

test('without JavaScript: add a custom license, be refused a taken id, and delete it', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const run = uniqueSuffix()
  const taken = await createCustomLicense(baseURL!, {
    licenseId: `Taken-${run}`,
    name: `Taken ${run}`,
  })
  const user = await makeUser(['VIEW_PORTFOLIO', 'SYSTEM_CONFIGURATION'])
  await signIn(page, user, '/licenses')

  await page.getByRole('link', { name: 'Add license' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add license' })
  await dialog.getByLabel('License name').fill(`Nojs ${run}`)
  await dialog.getByLabel('License ID').fill(taken.licenseId)
  await dialog.getByLabel('FSF libre').check()
  await dialog.getByLabel('Template').fill('<<var;name=copyright>> grants…')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByText('A license with this ID already exists.')).toBeVisible()
  // Nothing typed is lost.
  await expect(dialog.getByLabel('License name')).toHaveValue(`Nojs ${run}`)
  await expect(dialog.getByLabel('FSF libre')).toBeChecked()
  await expect(dialog.getByLabel('Template')).toHaveValue('<<var;name=copyright>> grants…')

  await dialog.getByLabel('License ID').fill(`Nojs-${run}`)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page).toHaveURL(`/licenses/Nojs-${run}`)
  await expect(page.getByTestId('toast')).toContainText(`License Nojs ${run} created`)
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText(
    'Free (libre) according to the Free Software Foundation',
  )
  await page.getByRole('link', { name: 'Template' }).click()
  await expect(page.getByRole('region', { name: 'Template' })).toContainText(
    '<<var;name=copyright>> grants…',
  )

  await page.getByRole('link', { name: 'Delete license' }).click()
  await page
    .getByRole('dialog', { name: 'Delete custom license' })
    .getByRole('button', { name: 'Delete license' })
    .click()
  await expect(page).toHaveURL('/licenses')
  await expect(page.getByTestId('toast')).toContainText(`Custom license Nojs-${run} deleted`)
  await page.goto(`/licenses/Nojs-${run}`)
  await expect(page.getByRole('heading', { name: 'Oops! This is awkward' })).toBeVisible()
})
