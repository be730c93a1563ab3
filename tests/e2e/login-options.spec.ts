import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { apiFor } from './support/api.ts'
import { expect, expectNoAxeViolations, signIn, test } from './support/fixtures.ts'
import { startFreshServer } from './support/fresh-server.ts'

/** A loopback OpenID Connect issuer that only publishes its discovery document. */
async function startIssuer() {
  const server = http.createServer((request, response) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    if (request.url === '/.well-known/openid-configuration') {
      response.setHeader('Content-Type', 'application/json')
      response.end(
        JSON.stringify({
          issuer,
          authorization_endpoint: `${issuer}/authorize`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/jwks`,
        }),
      )
    } else {
      response.statusCode = 404
      response.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

test('welcome message, server default language and OpenID Connect options on the sign-in page', async ({
  page,
}) => {
  // A brand-new server creates its database first.
  test.slow()
  const issuer = await startIssuer()
  const server = await startFreshServer({
    OIDC_ENABLED: 'true',
    OIDC_ISSUER: issuer.url,
    OIDC_CLIENT_ID: 'lookout',
  })
  try {
    const api = apiFor(server.baseUrl)
    await api.post('/api/v1/user/forceChangePassword', {
      form: {
        username: 'admin',
        password: 'admin',
        newPassword: 'Welcome-1',
        confirmPassword: 'Welcome-1',
      },
    })
    const login = await api.post('/api/v1/user/login', {
      form: { username: 'admin', password: 'Welcome-1' },
    })
    const html =
      '<h1>Authorised use only</h1><p>Contact the security team.</p><script>alert(1)</script>'
    await api.post('/api/v1/configProperty/aggregate', {
      token: login.text,
      json: [
        { groupName: 'general', propertyName: 'welcome.message.enabled', propertyValue: 'true' },
        {
          groupName: 'general',
          propertyName: 'welcome.message.html',
          propertyValue: encodeURIComponent(html),
        },
        { groupName: 'general', propertyName: 'default.locale', propertyValue: 'es' },
      ],
    })
    // Nothing has rendered the console yet, so its 30-second cache of public settings is empty.
    await page.goto(`${server.baseUrl}/login`)
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('heading', { name: 'Authorised use only' })).toBeVisible()
    expect(await page.locator('script:not([src])').allTextContents()).not.toContain('alert(1)')
    await page.getByRole('link', { name: 'Continuar' }).click()

    await expect(page.getByRole('link', { name: /OpenID Connect/ })).toBeVisible()
    await expect(page.getByLabel('Contraseña')).toBeHidden()
    await page.getByText('Más opciones').click()
    await expect(page.getByLabel('Contraseña')).toBeVisible()
    await expectNoAxeViolations(page)
  } finally {
    await server.stop()
    await issuer.close()
  }
})

test('a console-only process serves the console for another API server', async ({
  page,
  makeUser,
  baseURL,
}) => {
  const consoleOnly = await startFreshServer({ LOOKOUT_ROLES: 'console', API_BASE_URL: baseURL! })
  try {
    const user = await makeUser(['VIEW_PORTFOLIO'])
    await signIn(page, user, `${consoleOnly.baseUrl}/projects`)
    await expect(page).toHaveURL(`${consoleOnly.baseUrl}/projects`)
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
    expect((await fetch(`${consoleOnly.baseUrl}/api/version`)).status).toBe(404)
  } finally {
    await consoleOnly.stop()
  }
})
