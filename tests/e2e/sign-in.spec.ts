import { deleteUser } from './support/api.ts'
import { attemptSignIn, expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'

test('a wrong password is refused with a clear message', async ({ page, makeUser }) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await attemptSignIn(page, { username: user.username, password: 'not-the-password' })
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password')
  await expect(page).toHaveURL(/\/login/)
})

test('signing in returns to the page that asked for it, and signing out ends the session', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/projects')
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()

  await page.getByLabel('User menu').click()
  await expect(page.getByText(`Connected as ${user.fullname}`)).toBeVisible()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/)
})

test('a redirect to another site after sign-in is ignored', async ({ page, makeUser }) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user, '/login?redirect=https%3A%2F%2Fevil.example%2Fprojects')
  await expect(page).toHaveURL(/\/dashboard$/)
})

test('a missing permission shows "Forbidden (403)" and lands on the dashboard', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user)
  await expect(
    page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Administration' }),
  ).toHaveCount(0)
  await page.goto('/admin/configuration/general')
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByTestId('toast')).toContainText('Forbidden (403)')
})

test('a session whose user was deleted is ended on the next navigation', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await signIn(page, user)
  await expect(page).toHaveURL(/\/dashboard$/)
  await deleteUser(baseURL!, user.username)
  await page.getByRole('link', { name: 'Projects' }).first().click()
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprojects$/)
  await expect(page.getByTestId('toast')).toContainText('Sign in again')
})

test('the shell is accessible in light and dark and works by keyboard', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO', 'SYSTEM_CONFIGURATION', 'ACCESS_MANAGEMENT'])
  await signIn(page, user)
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)

  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()

  await page.getByLabel('User menu').click()
  await page.getByRole('button', { name: 'Dark' }).click()
  await expect(page.locator('html')).toHaveClass(/dark/)
  await page.goto('/admin/accessManagement/teams')
  await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible()
  await expectNoAxeViolations(page)
})
