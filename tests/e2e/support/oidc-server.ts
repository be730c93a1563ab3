import { startOidcProvider } from '../../support/oidc-provider.ts'
import { apiFor } from './api.ts'
import { startFreshServer } from './fresh-server.ts'

export const OIDC_BUTTON = 'Sign in with Example SSO'
export const OIDC_ADMIN_PASSWORD = 'Oidc-admin-1'

/**
 * A real OpenID provider and a brand-new Lookout that signs in with it: provisioning and team
 * synchronisation on, the provider's group `platform-engineers` mapped to the team Platform
 * (VIEW_PORTFOLIO). Dana is in that group; Erik's provider reports no groups at all.
 */
export async function startOidcSetup() {
  const idp = await startOidcProvider({
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
  const server = await startFreshServer({
    OIDC_ENABLED: 'true',
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: idp.clientId,
    OIDC_CLIENT_SECRET: 'console-secret',
    OIDC_USERNAME_CLAIM: 'preferred_username',
    OIDC_USER_PROVISIONING: 'true',
    OIDC_TEAM_SYNCHRONIZATION: 'true',
    OIDC_SCOPE: 'openid email profile groups',
    OIDC_LOGIN_BUTTON_TEXT: OIDC_BUTTON,
  })
  idp.setRedirectUris([`${server.baseUrl}/auth/oidc/callback`])

  const api = apiFor(server.baseUrl)
  await api.post('/api/v1/user/forceChangePassword', {
    form: {
      username: 'admin',
      password: 'admin',
      newPassword: OIDC_ADMIN_PASSWORD,
      confirmPassword: OIDC_ADMIN_PASSWORD,
    },
  })
  const admin = (
    await api.post('/api/v1/user/login', {
      form: { username: 'admin', password: OIDC_ADMIN_PASSWORD },
    })
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

  return {
    idp,
    server,
    /** The OpenID Connect users as an administrator sees them. */
    async oidcUsers() {
      const response = await fetch(`${server.baseUrl}/api/v1/user/oidc`, {
        headers: { Authorization: `Bearer ${admin}` },
      })
      return (await response.json()) as Array<{
        username: string
        subjectIdentifier?: string
        teams: Array<{ name: string }>
      }>
    },
    async stop() {
      await server.stop()
      await idp.close()
    },
  }
}
