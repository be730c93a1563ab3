import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'

test('an unknown address shows the 404 page with a way back', async ({ page, makeUser }) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user)
  await page.goto('/projects')
  await page.goto('/no/such/page')
  await expect(page.getByRole('heading', { name: 'Oops! This is awkward' })).toBeVisible()
  await expect(page.getByText("The page you're looking for could not be found")).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByRole('button', { name: 'Go back' }).click()
  await expect(page).toHaveURL(/\/projects$/)
})

test('the chosen language applies everywhere and persists', async ({ page, makeUser }) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user)
  await page.getByLabel('User menu').click()
  await page.getByLabel('Language', { exact: true }).selectOption('de')
  await page.getByRole('button', { name: 'Change language' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Projekte' })).toBeVisible()

  await page.goto('/components')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Komponenten')
  await page.getByLabel('Benutzermenü').click()
  await page.getByRole('button', { name: 'Abmelden' }).click()
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible()
})

test('the browser language is used when nothing was chosen', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, locale: 'ja-JP' })
  const page = await context.newPage()
  await page.goto('/login')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  await context.close()
})

test('the profile can be updated and the about dialog shows versions', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user)
  await page.getByLabel('User menu').click()
  await page.getByRole('link', { name: 'Update profile' }).click()
  await expect(page.getByRole('heading', { name: 'Update profile' })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.getByLabel('Full name').fill('Renamed Auditor')
  await page.getByRole('button', { name: 'Update' }).click()
  await expect(page.getByTestId('toast')).toContainText('Profile updated')
  await expect(page.getByLabel('User menu')).toContainText('Renamed Auditor')

  await page.getByRole('link', { name: /Lookout v/ }).click()
  const dialog = page.getByRole('dialog', { name: 'About Lookout' })
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText('4.13.0')
  await expectNoAxeViolations(page)
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
})

test('old console addresses redirect to the current ones', async ({ page, makeUser }) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user)
  await page.goto('/project?uuid=6e1d1a32-0000-4000-8000-000000000001')
  await expect(page).toHaveURL(/\/projects\/6e1d1a32-0000-4000-8000-000000000001$/)
  await page.goto('/vulnerability?source=NVD&vulnId=CVE-2021-44228')
  await expect(page).toHaveURL(/\/vulnerabilities\/NVD\/CVE-2021-44228$/)
})

test('on a narrow screen the navigation opens from the menu button and closes after a choice', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await page.setViewportSize({ width: 390, height: 760 })
  await signIn(page, user)
  const nav = page.getByRole('navigation', { name: 'Main navigation' })
  await expect(nav).toBeHidden()
  await page.getByLabel('Open navigation').click()
  await expect(nav).toBeVisible()
  await expectNoAxeViolations(page)
  await nav.getByRole('link', { name: 'Licenses' }).click()
  await expect(page.getByRole('heading', { name: 'Licenses', level: 1 })).toBeVisible()
  await expect(nav).toBeHidden()
})
