import { BASE_DN, openLdapEnv, startSlapd } from '../support/slapd.ts'
import { apiFor } from './support/api.ts'
import { attemptSignIn, expect, test } from './support/fixtures.ts'
import { startFreshServer } from './support/fresh-server.ts'

test('a directory user signs in on the console and works with the rights of their mapped team', async ({
  page,
}) => {
  // A brand-new server creates its database first.
  test.slow()
  const slapd = await startSlapd()
  const server = await startFreshServer(
    openLdapEnv(slapd, {
      ALPINE_LDAP_USER_PROVISIONING: 'true',
      ALPINE_LDAP_TEAM_SYNCHRONIZATION: 'true',
    }),
  )
  try {
    const api = apiFor(server.baseUrl)
    await api.post('/api/v1/user/forceChangePassword', {
      form: {
        username: 'admin',
        password: 'admin',
        newPassword: 'Directory-1',
        confirmPassword: 'Directory-1',
      },
    })
    const token = (
      await api.post('/api/v1/user/login', { form: { username: 'admin', password: 'Directory-1' } })
    ).text
    const team = JSON.parse(
      (await api.put('/api/v1/team', { token, json: { name: 'Developers' } })).text,
    )
    await api.post(`/api/v1/permission/VIEW_PORTFOLIO/team/${team.uuid}`, { token })
    const mapping = await api.put('/api/v1/ldap/mapping', {
      token,
      json: { team: team.uuid, dn: `cn=devs,ou=groups,${BASE_DN}` },
    })
    expect(mapping.status).toBe(200)

    await attemptSignIn(page, { username: 'alice', password: 'wrong' }, `${server.baseUrl}/login`)
    await expect(page.getByRole('alert')).toHaveText('Invalid username or password')

    await attemptSignIn(
      page,
      { username: 'alice', password: 'alice-secret' },
      `${server.baseUrl}/projects`,
    )
    await expect(page).toHaveURL(/\/projects$/)
    await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible()
    // Developers may view the portfolio, nothing more: no Administration.
    await expect(
      page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Administration' }),
    ).toHaveCount(0)
    await page.getByLabel('User menu').click()
    await expect(page.getByText('Connected as alice')).toBeVisible()
    // Directory accounts change their password in the directory, not here.
    await expect(page.getByRole('link', { name: 'Change password' })).toHaveCount(0)
  } finally {
    await server.stop()
    await slapd.stop()
  }
})
