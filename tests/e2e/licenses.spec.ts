import { type Page } from '@playwright/test'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { uniqueSuffix } from './support/licenses.ts'

const rows = (page: Page) => page.getByRole('table', { name: 'Licenses' }).locator('tbody tr')

test('the catalogue lists SPDX licenses; search, sort and pages live in the URL', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/licenses')
  await expect(page.getByRole('heading', { name: 'Licenses', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Add license' })).toHaveCount(0)
  await expect(page.getByText(/Showing 1 to 10 of \d{3,} licenses/)).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Next' }).click()
  await expect(page).toHaveURL(/page=2/)
  await expect(page.getByText(/Showing 11 to 20 of/)).toBeVisible()

  await page.getByLabel('Search licenses').fill('apache-2')
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page).toHaveURL(/searchText=apache-2/)
  await expect(page).not.toHaveURL(/page=2/)
  const apache = rows(page).filter({ hasText: 'Apache-2.0' }).first()
  await expect(apache.getByRole('link', { name: 'Apache License 2.0' })).toBeVisible()
  await expect(apache.getByRole('img', { name: 'OSI approved' })).toBeVisible()

  await page.goto('/licenses?searchText=gpl-3.0&pageSize=100')
  const ids = () => rows(page).locator('td:nth-child(2)').allTextContents()
  const idHeader = page.getByRole('columnheader', { name: 'SPDX license ID' })
  await idHeader.getByRole('link').click()
  await expect(page).toHaveURL(/sortName=licenseId&sortOrder=asc/)
  await expect(idHeader).toHaveAttribute('aria-sort', 'ascending')
  const ascending = await ids()
  expect(ascending.length).toBeGreaterThan(3)
  await idHeader.getByRole('link').click()
  await expect(page).toHaveURL(/sortName=licenseId&sortOrder=desc/)
  await expect(idHeader).toHaveAttribute('aria-sort', 'descending')
  expect(await ids()).toEqual([...ascending].reverse())

  // A search for an SPDX id names that license first, whatever else matches by name.
  await page.getByLabel('Search licenses').fill('MIT')
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Exact ID match:')).toBeVisible()
  await expect(
    page.getByRole('link', { name: 'MIT License', exact: true }).first(),
  ).toHaveAttribute('href', '/licenses/MIT')

  await page.getByLabel('Search licenses').fill(`no-such-license-${uniqueSuffix()}`)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('No license matches this search.')).toBeVisible()
})

test('a license page shows its facts and texts as tabs with their own addresses', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'SYSTEM_CONFIGURATION'])
  await signIn(page, user, '/licenses?searchText=MIT%20License')
  await rows(page).getByRole('link', { name: 'MIT License', exact: true }).click()
  await expect(page).toHaveURL(/\/licenses\/MIT$/)
  await expect(page).toHaveTitle('License MIT License · Lookout')
  await expect(page.getByRole('heading', { name: 'MIT License', level: 1 })).toBeVisible()
  const overview = page.getByRole('region', { name: 'Overview' })
  await expect(overview).toContainText('Approved by the Open Source Initiative')
  await expect(overview).toContainText('From the SPDX license list')
  // A catalogue license cannot be deleted, whatever the reader may do.
  await expect(page.getByRole('link', { name: 'Delete license' })).toHaveCount(0)
  await expectNoAxeViolations(page)

  const tabs = page.getByRole('navigation', { name: 'License tabs' })
  await tabs.getByRole('link', { name: 'License text' }).click()
  await expect(page).toHaveURL(/\/licenses\/MIT\/licenseText$/)
  await expect(page.getByRole('region', { name: 'License text' })).toContainText(
    'Permission is hereby granted',
  )
  await tabs.getByRole('link', { name: 'Template' }).click()
  await expect(page).toHaveURL(/\/licenses\/MIT\/template$/)
  await expect(page.getByRole('region', { name: 'Template' })).toBeVisible()
  await tabs.getByRole('link', { name: 'Source header' }).click()
  await expect(page.getByRole('region', { name: 'Source header' })).toBeVisible()
  await expectNoAxeViolations(page)

  // 4.13's addresses: /overview is the page itself; a SPDX id with "+" works.
  await page.goto('/licenses/MIT/overview')
  await expect(page).toHaveURL(/\/licenses\/MIT$/)
  await page.goto('/licenses/GPL-2.0%2B')
  await expect(page.getByRole('region', { name: 'Overview' })).toContainText('GPL-2.0+')
  await page.goto('/licenses/MIT/somethingElse')
  await expect(page.getByRole('heading', { name: 'Oops! This is awkward' })).toBeVisible()
  await page.goto(`/licenses/No-Such-${uniqueSuffix()}`)
  await expect(page.getByRole('heading', { name: 'Oops! This is awkward' })).toBeVisible()
})

test('an administrator adds a custom license, is told what is wrong, and deletes it', async ({
  page,
  makeUser,
}) => {
  const run = uniqueSuffix()
  const licenseId = `LicenseRef-Acme-${run}+`
  const name = `Acme Public License ${run}`
  const user = await makeUser(['VIEW_PORTFOLIO', 'SYSTEM_CONFIGURATION'])
  await signIn(page, user, '/licenses')

  const open = page.getByRole('link', { name: 'Add license' })
  await open.click()
  const dialog = page.getByRole('dialog', { name: 'Add license' })
  await expect(dialog.getByLabel('License name')).toBeFocused()
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  await expect(open).toBeFocused()

  await open.click()
  await dialog.getByLabel('License name').fill(name)
  await dialog.getByLabel('License ID').fill('Acme License/1')
  await dialog.getByLabel('See also').fill('not an address')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByLabel('License ID')).toHaveAccessibleDescription(
    /Use only letters, digits and the characters/,
  )
  await expect(dialog.getByLabel('See also')).toHaveAttribute('aria-invalid', 'true')
  await expect(dialog.getByLabel('License name')).toHaveValue(name)

  await dialog.getByLabel('License ID').fill(licenseId)
  await dialog.getByLabel('OSI approved').check()
  await dialog.getByLabel('License text').fill('Acme grants you\n  everything.')
  await dialog.getByLabel('Comments').fill('Written by the legal team.')
  await dialog.getByLabel('See also').fill('https://acme.example/license')
  await dialog.getByRole('button', { name: 'Create' }).click()

  await expect(page).toHaveURL(`/licenses/${encodeURIComponent(licenseId)}`)
  await expect(page.getByTestId('toast')).toContainText(`License ${name} created`)
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
  const badges = page.getByRole('listitem')
  await expect(badges.filter({ hasText: 'OSI approved' })).toBeVisible()
  await expect(badges.filter({ hasText: 'Custom license' })).toBeVisible()
  const overview = page.getByRole('region', { name: 'Overview' })
  await expect(overview).toContainText('Written by the legal team.')
  await expect(overview.getByRole('link', { name: 'https://acme.example/license' })).toBeVisible()
  await page.getByRole('link', { name: 'License text' }).click()
  await expect(page.getByRole('region', { name: 'License text' })).toContainText(
    'Acme grants you\n  everything.',
  )

  // Custom licenses come first when sorted by that column, descending.
  await page.goto('/licenses')
  const custom = page.getByRole('columnheader', { name: 'Custom license' }).getByRole('link')
  await custom.click()
  await expect(page).toHaveURL(/sortName=customLicense&sortOrder=asc/)
  await custom.click()
  await expect(page).toHaveURL(/sortName=customLicense&sortOrder=desc/)
  await expect(rows(page).first().getByRole('img', { name: 'Custom license' })).toBeVisible()

  // The same id again is refused next to the field.
  await page.goto('/licenses?create')
  await dialog.getByLabel('License name').fill('Another name')
  await dialog.getByLabel('License ID').fill(licenseId)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByText('A license with this ID already exists.')).toBeVisible()

  await page.goto(`/licenses/${encodeURIComponent(licenseId)}`)
  await page.getByRole('link', { name: 'Delete license' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete custom license' })
  await expect(confirm).toContainText(`Delete the custom license ${name} (${licenseId})?`)
  await confirm.getByRole('link', { name: 'Cancel' }).click()
  await expect(confirm).toHaveCount(0)
  await page.getByRole('link', { name: 'Delete license' }).click()
  await confirm.getByRole('button', { name: 'Delete license' }).click()
  await expect(page).toHaveURL('/licenses')
  await expect(page.getByTestId('toast')).toContainText(`Custom license ${licenseId} deleted`)
  await page.getByLabel('Search licenses').fill(run)
  await page.getByRole('search').getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('No license matches this search.')).toBeVisible()
})
