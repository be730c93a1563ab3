import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Beyond 4.13 (DT#5023): LDAP and OIDC users carry the groups their directory or identity
// provider last reported (recorded in app_user by the LDAP and OIDC sign-in code), so an
// administrator can see why a user is or is not in a team.

let server: TestServer
let api: ReturnType<typeof apiClient>
let admin: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  admin = await api.adminToken()
  const db = server.lookout.ctx!.db
  await db.query(
    `INSERT INTO app_user (kind, username, dn, last_seen_groups, last_seen_groups_at) VALUES
       ('LDAP', 'ldap-seen', 'uid=ldap-seen,ou=people,dc=example,dc=org',
        ARRAY['cn=developers,ou=groups,dc=example,dc=org', 'cn=ops,ou=groups,dc=example,dc=org'],
        '2025-03-04T05:06:07.890Z'),
       ('LDAP', 'ldap-never', 'uid=ldap-never,ou=people,dc=example,dc=org', NULL, NULL)`,
  )
  await db.query(
    `INSERT INTO app_user (kind, username, subject_identifier, last_seen_groups, last_seen_groups_at)
     VALUES ('OIDC', 'oidc-seen', 'sub-1', ARRAY[]::text[], '2025-01-02T03:04:05.000Z'),
            ('OIDC', 'oidc-never', NULL, NULL, NULL)`,
  )
})
afterAll(async () => {
  await server?.close()
})

const byName = (users: Array<{ username: string }>, username: string) =>
  users.find((user) => user.username === username) as Record<string, unknown> | undefined

describe('lastSeenGroups on LDAP and OIDC users', () => {
  it('GET /v1/user/ldap answers the reported groups and when, in epoch ms', async () => {
    const response = await api.request('GET', '/v1/user/ldap', { token: admin })
    expect(response.status).toBe(200)
    expect(byName(response.json, 'ldap-seen')).toMatchObject({
      lastSeenGroups: [
        'cn=developers,ou=groups,dc=example,dc=org',
        'cn=ops,ou=groups,dc=example,dc=org',
      ],
      lastSeenGroupsAt: Date.parse('2025-03-04T05:06:07.890Z'),
    })
  })

  it('leaves both fields out for a user nothing has reported groups for (as 4.13 omits nulls)', async () => {
    const ldap = await api.request('GET', '/v1/user/ldap', { token: admin })
    const never = byName(ldap.json, 'ldap-never')!
    expect(never).toBeDefined()
    expect(never).not.toHaveProperty('lastSeenGroups')
    expect(never).not.toHaveProperty('lastSeenGroupsAt')
    const oidc = await api.request('GET', '/v1/user/oidc', { token: admin })
    expect(byName(oidc.json, 'oidc-never')).not.toHaveProperty('lastSeenGroups')
  })

  it('GET /v1/user/oidc keeps an empty report as an empty list (the user is in no group)', async () => {
    const response = await api.request('GET', '/v1/user/oidc', { token: admin })
    expect(byName(response.json, 'oidc-seen')).toMatchObject({
      subjectIdentifier: 'sub-1',
      lastSeenGroups: [],
      lastSeenGroupsAt: Date.parse('2025-01-02T03:04:05.000Z'),
    })
  })

  it('managed users never carry the fields', async () => {
    const response = await api.request('GET', '/v1/user/managed', { token: admin })
    expect(byName(response.json, 'admin')).not.toHaveProperty('lastSeenGroups')
  })
})
