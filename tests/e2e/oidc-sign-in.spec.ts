import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider.ts'
import { apiFor } from './support/api.ts'
import { expect, expectNoAxeViolations, test } from './support/fixtures.ts'
import { startFreshServer } from './support/fresh-server.ts'

// dt-screens §2 (the OpenID Connect button and "More options"), dt-api-admin §2.5 and §10.7: a
// user signs in at a real OpenID provider and lands in the team their group is mapped to.

const PASSWORD = 'Oidc-admin-1'
const BUTTON = 'Sign in with Example SSO'

let idp: TestOidcProvider
let server: Awaited<ReturnType<typeof startFreshServer>>
let admin: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  idp = await startOidcProvider({
    clientSecret: 'console-secret',
    accounts: [
      {
        sub: 'sub-dana',
        username: 'dana',
        name: 'Dana Scully',
        email: 'dana@example.test',
        groups: ['platform-engineers'],
      },
      { sub: 'sub-erik', username: 'erik', name: 'Erik' },
    ],
  })
  server = await startFreshServer({
    OIDC_ENABLED: 'true',
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: 'console-secret',
    OIDC_USERNAME_CLAIM: 'preferred_username',
    OIDC_USER_PROVISIONING: 'true',
    OIDC_TEAM_SYNCHRONIZATION: 'true',
    OIDC_SCOPE: 'openid email profile groups',
    OIDC_LOGIN_BUTTON_TEXT: BUTTON,
  })
  idp.setRedirectUris([`${server.baseUrl}/auth/oidc/callback`])

  const api = apiFor(server.baseUrl)
  await api.post('/api/v1/user/forceChangePassword', {
    form: {
      username: 'admin',
      password: 'admin',
      newPassword: PASSWORD,
      confirmPassword: PASSWORD,
    },
  })
  admin = (
    await api.post('/api/v1/user/login', { form: { username: 'admin', password: PASSWORD } })
  ).text
  const team = JSON.parse(
    (await api.put('/api/v1/team', { token: admin, json: { name: 'Platform' } })).text,
  )
  await api.post(`/api/v1/permission/VIEW_PORTFOLIO/team/${team.uuid}`, { token: admin })
  const group = JSON.parse(
    (await api.put('/api/v1/oidc/group', { token: admin, json: { name: 'platform-engineers' } }))
      .text,
  )
  await api.put('/api/v1/oidc/mapping', {
    token: admin,
    json: { team: team.uuid, group: group.uuid },
  })
})

test.afterAll(async () => {
  await server?.stop()
  await idp?.close()
})

test('a user signs in through the identity provider and lands in the mapped team', async ({
  page,
}) => {
  await page.goto(`${server.baseUrl}/projects`)
  await expect(page).toHaveURL(/\/login\?redirect=%2Fprojects/)
  const button = page.getByRole('button', { name: BUTTON })
  await expect(button).toBeVisible()
  await expect(page.getByLabel('Password')).toBeHidden()
  await expectNoAxeViolations(page)

  await button.click()
  await expect(page.getByRole('heading', { name: 'Sign in to the test provider' })).toBeVisible()
  expect(new URL(page.url()).origin).toBe(idp.issuer)
  await page.getByLabel('Provider username').fill('dana')
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page).toHaveURL(`${server.baseUrl}/projects`)
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
  // The provider's tokens never reach the browser: the console keeps its own session cookie, out
  // of scripts' reach, and the flow's state cookies are gone once the browser is back.
  const cookies = await page.context().cookies(server.baseUrl)
  expect(cookies.find((cookie) => cookie.name === '__lookout_session')?.httpOnly).toBe(true)
  expect(cookies.filter((cookie) => cookie.name.startsWith('__lookout_oidc'))).toEqual([])

  const users = await fetch(`${server.baseUrl}/api/v1/user/oidc`, {
    headers: { Authorization: `Bearer ${admin}` },
  }).then((response) => response.json())
  expect(users).toContainEqual(
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
  await page.getByRole('button', { name: BUTTON }).click()
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
  await expect(page.getByRole('button', { name: BUTTON })).toBeVisible()
})

test('an answer without the groups team synchronisation needs is refused with a reason', async ({
  page,
}) => {
  await page.goto(`${server.baseUrl}/login`)
  await page.getByRole('button', { name: BUTTON }).click()
  await page.getByLabel('Provider username').fill('erik')
  await page.getByRole('button', { name: 'Continue' }).click()
  await expect(page).toHaveURL(/\/login\?/)
  await expect(page.getByRole('alert')).toContainText(
    "The identity provider's answer was not accepted",
  )
})

test('an identity provider that went down is reported on the sign-in page', async ({ page }) => {
  await page.goto(`${server.baseUrl}/login`)
  await idp.close()
  await page.getByRole('button', { name: BUTTON }).click()
  await expect(page).toHaveURL(/\/login\?/)
  await expect(page.getByRole('alert')).toContainText(
    'The identity provider could not be reached or did not complete the sign-in.',
  )
})
