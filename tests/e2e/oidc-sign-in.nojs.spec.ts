import { expect, test } from './support/fixtures.ts'
import { OIDC_BUTTON, startOidcSetup } from './support/oidc-server.ts'

let setup: Awaited<ReturnType<typeof startOidcSetup>>

test.beforeAll(async () => {
  test.setTimeout(180_000)
  setup = await startOidcSetup()
})

test.afterAll(async () => {
  await setup?.stop()
})

test('without JavaScript: signing in through the identity provider, then cancelling one', async ({
  page,
}) => {
  const { baseUrl } = setup.server
  await page.goto(`${baseUrl}/login`)
  // "More options" is a disclosure that works without scripts too.
  await page.getByText('More options').click()
  await expect(page.getByLabel('Password')).toBeVisible()

  await page.getByRole('link', { name: OIDC_BUTTON }).click()
  await page.getByLabel('Provider username').fill('dana')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(`${baseUrl}/dashboard`)
  expect(await setup.oidcUsers()).toContainEqual(
    expect.objectContaining({
      username: 'dana',
      teams: [expect.objectContaining({ name: 'Platform' })],
    }),
  )

  await page.context().clearCookies()
  await page.goto(`${baseUrl}/login`)
  await page.getByRole('link', { name: OIDC_BUTTON }).click()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('alert')).toHaveText(
    'Sign-in was cancelled at the identity provider.',
  )
})
