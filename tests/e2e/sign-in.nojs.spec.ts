import { startFreshServer } from './support/fresh-server.ts'
import { attemptSignIn, expect, signIn, test } from './support/fixtures.ts'

test('without JavaScript: first sign-in, forced change and dashboard', async ({ page }) => {
  const server = await startFreshServer()
  try {
    await page.goto(`${server.baseUrl}/dashboard`)
    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill('admin')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/change-password\?/)
    await page.getByLabel('Current password').fill('admin')
    await page.getByLabel('New password', { exact: true }).fill('Another-Passw0rd')
    await page.getByLabel('Confirm new password').fill('Different-Passw0rd')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('The passwords do not match')).toBeVisible()

    await page.getByLabel('Current password').fill('admin')
    await page.getByLabel('New password', { exact: true }).fill('Another-Passw0rd')
    await page.getByLabel('Confirm new password').fill('Another-Passw0rd')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByTestId('toast')).toContainText('Password changed')

    await page.getByLabel('Username').fill('admin')
    await page.getByLabel('Password').fill('Another-Passw0rd')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(`${server.baseUrl}/dashboard`)
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()
  } finally {
    await server.stop()
  }
})

test('without JavaScript: wrong password, language switch and sign-out', async ({
  page,
  makeUser,
}) => {
  const user = await makeUser(['VIEW_PORTFOLIO'])
  await attemptSignIn(page, { username: user.username, password: 'wrong' })
  await expect(page.getByRole('alert')).toHaveText('Invalid username or password')

  await signIn(page, user)
  await expect(page).toHaveURL(/\/dashboard$/)
  await page.getByLabel('User menu').click()
  await page.getByLabel('Language', { exact: true }).selectOption('fr')
  await page.getByRole('button', { name: 'Change language' }).click()
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr')
  await page.getByLabel('Menu utilisateur').click()
  await page.getByRole('button', { name: /Se déconnecter/ }).click()
  await expect(page).toHaveURL(/\/login$/)
})
