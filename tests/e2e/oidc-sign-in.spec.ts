import { expect, expectNoAxeViolations, test } from './support/fixtures.ts'
import { OIDC_BUTTON as BUTTON, startOidcSetup } from './support/oidc-server.ts'

// dt-screens §2 (the OpenID Connect button and "More options"), dt-api-admin §2.5 and §10.7: a
// user signs in at a real OpenID provider and lands in the team their group is mapped to.

let setup: Awaited<ReturnType<typeof startOidcSetup>>
let server: Awaited<ReturnType<typeof startOidcSetup>>['server']

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  setup = await startOidcSetup()
  server = setup.server
})

test.afterAll(async () => {
  await setup?.stop()
})

test('a user signs in through the identity provider and lands in the mapped team', async ({
  page,
}) => {
  await page.goto(`${server.baseUrl}/projects`)
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprojects/)
  const button = page.getByRole('link', { name: BUTTON })
  await expect(button).toBeVisible()
  await expect(page.getByLabel('Password')).toBeHidden()
  await expectNoAxeViolations(page)

  await button.click()
  await expect(page.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible()
  expect(new URL(page.url()).origin).toBe(setup.idp.issuer)
  await page.getByLabel('Provider username').fill('dana')
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(`${server.baseUrl}/projects`)
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
  // The provider's tokens never reach the browser: the console keeps its own session cookie, out
  // of scripts' reach, and the flow's state cookies are gone once the browser is back.
  const cookies = await page.context().cookies(server.baseUrl)
  expect(cookies.find((cookie) => cookie.name === '__lookout_session')?.httpOnly).toBe(true)
  expect(cookies.filter((cookie) => cookie.name.startsWith('__lookout_oidc'))).toEqual([])

  expect(await setup.oidcUsers()).toContainEqual(
    expect.objectContaining({
      username: 'dana',
      subjectIdentifier: 'sub-dana',
      teams: [expect.objectContaining({ name: 'Platform' })],
    }),
  )
})

test('cancelling at the identity provider comes back to the sign-in page, saying so', async ({
  page,
}) => {
  await page.goto(`${server.baseUrl}/login`)
  await page.getByRole('link', { name: BUTTON }).click()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page).toHaveURL(/\/login\?/)
  await expect(page.getByRole('alert')).toHaveText(
    'Sign-in was cancelled at the identity provider.',
  )
  await expectNoAxeViolations(page)
  // The password form is still one click away.
  await page.getByText('More options').click()
  await expect(page.getByLabel('Password')).toBeVisible()
})

test('a callback that no sign-in here started is refused', async ({ page }) => {
  await page.goto(`${server.baseUrl}/auth/oidc/callback?code=stolen&state=forged`)
  await expect(page).toHaveURL(/\/login\?/)
  await expect(page.getByRole('alert')).toContainText('The sign-in took too long')
  await expect(page.getByRole('link', { name: BUTTON })).toBeVisible()
})

test('an answer without the groups team synchronisation needs is refused with a reason', async ({
  page,
}) => {
  await page.goto(`${server.baseUrl}/login`)
  await page.getByRole('link', { name: BUTTON }).click()
  await page.getByLabel('Provider username').fill('erik')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/login\?/)
  await expect(page.getByRole('alert')).toContainText(
    "The identity provider's answer was not accepted",
  )
})

test('an identity provider that went down is reported on the sign-in page', async ({ page }) => {
  await page.goto(`${server.baseUrl}/login`)
  await setup.idp.close()
  await page.getByRole('link', { name: BUTTON }).click()
  await expect(page).toHaveURL(/\/login\?/)
  await expect(page.getByRole('alert')).toContainText(
    'The identity provider could not be reached or did not complete the sign-in.',
  )
})
