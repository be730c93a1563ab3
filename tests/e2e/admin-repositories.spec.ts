import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import {
  repositoriesPage,
  repositoryRow,
  storedRepository,
  uniqueIdentifier,
} from './support/repositories.ts'

// Admin → Repositories (dt-screens §19.4): one page per type, in resolution order, a Create
// dialog, an editor under each row, Delete. Repositories are installation-wide, so each test
// works on a type of its own and identifiers are unique.

const SECRET = 'e2e-repository-secret-7'

test('Cargo: create with credentials, edit URL and switches, the password never comes back, delete', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['SYSTEM_CONFIGURATION'])
  await signIn(page, user, repositoriesPage('cargo'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cargo')
  const table = page.getByRole('table', { name: 'Cargo repositories, in resolution order' })
  await expect(table.getByRole('row', { name: /crates\.io/ })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.getByRole('link', { name: 'Create repository' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create repository' })
  await expect(dialog.getByLabel('Repository type')).toHaveValue('CARGO')
  await expect(dialog.getByLabel('Enabled')).toBeChecked()
  await expect(dialog.getByLabel('Username *')).toBeHidden()
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByText('This field is required')).toHaveCount(2)

  const identifier = uniqueIdentifier('cargo-mirror')
  await dialog.getByLabel('Identifier *').fill(identifier)
  await dialog.getByLabel('URL *').fill('https://cargo.example.test/index')
  await dialog.getByLabel('Authentication required').check()
  await expect(dialog.getByLabel('Username *')).toBeVisible()
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByText('This field is required')).toHaveCount(2)
  await dialog.getByLabel('Username *').fill('ci-reader')
  await dialog.getByLabel('Password *').fill(SECRET)
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('toast')).toContainText('Repository created')
  await expect(dialog).toBeHidden()
  const row = repositoryRow(page, identifier)
  await expect(row).toContainText('https://cargo.example.test/index')
  expect(await storedRepository(baseURL!, 'CARGO', identifier)).toMatchObject({
    url: 'https://cargo.example.test/index',
    authenticationRequired: true,
    username: 'ci-reader',
    internal: false,
    enabled: true,
  })

  await row.getByRole('link', { name: `Edit ${identifier}` }).click()
  const editor = page.getByRole('region', { name: `Edit repository ${identifier}` })
  await expect(editor.getByLabel('URL *')).toHaveValue('https://cargo.example.test/index')
  await expect(editor.getByLabel('Username *')).toHaveValue('ci-reader')
  await expect(editor.getByLabel('Password', { exact: true })).toHaveValue('')
  expect(await page.content()).not.toContain(SECRET)
  await expectNoAxeViolations(page)

  await editor.getByLabel('URL *').fill('https://cargo2.example.test/index')
  await editor.getByLabel('Internal').check()
  await editor.getByLabel('Enabled').uncheck()
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toContainText('Updated')
  await expect(row).toContainText('https://cargo2.example.test/index')
  expect(await storedRepository(baseURL!, 'CARGO', identifier)).toMatchObject({
    url: 'https://cargo2.example.test/index',
    internal: true,
    enabled: false,
    authenticationRequired: true,
    username: 'ci-reader',
  })

  // A refused save says why, beside the field, and the editor stays open.
  await editor.getByLabel('URL *').fill('ftp://cargo.example.test')
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(
    editor.getByText('Enter a complete web address starting with http:// or https://'),
  ).toBeVisible()
  await editor.getByLabel('URL *').fill('https://cargo2.example.test/index')
  await editor.getByLabel('Authentication required').uncheck()
  await expect(editor.getByLabel('Username *')).toBeHidden()
  await editor.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByTestId('toast')).toContainText('Updated')
  const stored = await storedRepository(baseURL!, 'CARGO', identifier)
  expect(stored).toMatchObject({ authenticationRequired: false })
  expect(stored?.username).toBeUndefined()
  expect(JSON.stringify(stored)).not.toContain(SECRET)

  // The same identifier twice is refused in the dialog with the server's reason.
  await page.getByRole('link', { name: 'Create repository' }).click()
  await dialog.getByLabel('Identifier *').fill(identifier)
  await dialog.getByLabel('URL *').fill('https://cargo3.example.test/')
  await dialog.getByRole('button', { name: 'Create' }).click()
  await expect(dialog.getByRole('alert')).toContainText(
    'A repository of this type with this identifier already exists.',
  )
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // Closing the dialog leaves the editor open where it was.
  await expect(editor).toBeVisible()
  await editor.getByRole('button', { name: 'Delete repository' }).click()
  await expect(page.getByTestId('toast')).toContainText('Repository deleted')
  await expect(repositoryRow(page, identifier)).toHaveCount(0)
  expect(await storedRepository(baseURL!, 'CARGO', identifier)).toBeUndefined()
})

test('the type select offers the creatable types, and GitHub only on its own page', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['SYSTEM_CONFIGURATION'])
  await signIn(page, user, `${repositoriesPage('composer')}?create`)
  const select = page.getByRole('dialog').getByLabel('Repository type')
  await expect(select).toHaveValue('COMPOSER')
  await expect(select.getByRole('option')).toHaveText([
    'PHP (Composer)',
    'Perl (CPAN)',
    'Ruby (Gem)',
    'Go Modules',
    'Rust (Cargo)',
    'Erlang/Elixir (Hex)',
    'Java (Maven)',
    'JavaScript (npm)',
    '.NET (NuGet)',
    'Python (PyPI)',
  ])
  await page.goto(`${repositoriesPage('github')}?create`)
  await expect(select).toHaveValue('GITHUB')
  await expect(select.getByRole('option')).toHaveCount(11)
})

test('columns sort through the URL; resolution order first', async ({ page, makeUser }) => {
  const user = await makeUser(['SYSTEM_CONFIGURATION'])
  await signIn(page, user, repositoriesPage('maven'))
  const table = page.getByRole('table', { name: 'Maven repositories, in resolution order' })
  const identifiers = () => table.locator('tbody tr td:nth-child(2)').allInnerTexts()
  const defaults = ['central', 'atlassian-public', 'jboss-releases', 'clojars', 'google-android']
  // The rows may render a moment after the page and after each navigation: read until they do.
  await expect.poll(async () => (await identifiers()).slice(0, 5)).toEqual(defaults)
  const ascending = [...defaults].sort((a, b) => a.localeCompare(b))
  await table.getByRole('link', { name: 'Identifier' }).click()
  await expect(page).toHaveURL(/sortName=identifier&sortOrder=asc/)
  await expect.poll(identifiers).toEqual(ascending)
  await table.getByRole('link', { name: 'Identifier' }).click()
  await expect(page).toHaveURL(/sortOrder=desc/)
  await expect.poll(identifiers).toEqual([...ascending].reverse())
})

test('without System Configuration the pages are forbidden', async ({ page, makeUser }) => {
  const user = await makeUser(['ACCESS_MANAGEMENT'])
  await signIn(page, user, repositoriesPage('npm'))
  await expect(page.getByTestId('toast')).toContainText('Forbidden (403)')
  await expect(page).toHaveURL(/\/dashboard/)
})

test('an unknown repository page is not found', async ({ page, makeUser }) => {
  const user = await makeUser(['SYSTEM_CONFIGURATION'])
  await signIn(page, user, '/dashboard')
  const response = await page.goto(repositoriesPage('unsupported'))
  expect(response?.status()).toBe(404)
})

test('the pages read well on a phone and in the dark theme, editor and dialog open', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['SYSTEM_CONFIGURATION'])
  await page.setViewportSize({ width: 390, height: 844 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await signIn(page, user, repositoriesPage('hex'))
  await page.getByRole('link', { name: 'Edit hex.pm' }).click()
  await expect(page.getByRole('region', { name: 'Edit repository hex.pm' })).toBeVisible()
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  )
  expect(overflow).toBeLessThanOrEqual(0)
  await expectNoAxeViolations(page)
  await page.getByRole('link', { name: 'Create repository' }).click()
  await expect(page.getByRole('dialog', { name: 'Create repository' })).toBeVisible()
  await expectNoAxeViolations(page)
  for (const name of ['cpan', 'gem', 'goModules', 'hackage', 'nixpkgs', 'nuget', 'python']) {
    await page.goto(repositoriesPage(name))
    await expect(page.getByRole('table')).toBeVisible()
  }
})
