import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessFixtures } from '../support/access-fixtures.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-api-admin.md §10.3–§10.5 and §15 #9, field by field and text by text, for what
// users-teams.test.ts does not pin already: {username} resolution order, UUID validation,
// the cascade of DELETE /team, and X-Total-Count presence.

type Json = Record<string, any>

let server: TestServer
let api: ReturnType<typeof apiClient>
let admin: string
const fx = accessFixtures(
  () => api,
  () => admin,
)

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  admin = await api.adminToken()
})
afterAll(async () => {
  await server?.close()
})

const sql = (text: string, params: unknown[] = []) =>
  server.lookout.ctx!.db.query<Json>(text, params)
const asAdmin = (method: string, path: string, json?: unknown) =>
  api.request(method, path, { token: admin, json })

/** Directory users are written as the LDAP and OIDC sign-ins would create them. */
async function directoryUser(kind: 'LDAP' | 'OIDC', username: string) {
  await sql(
    `INSERT INTO app_user (kind, username, dn, subject_identifier) VALUES ($1, $2, $3, $4)`,
    [
      kind,
      username,
      kind === 'LDAP' ? `uid=${username},ou=people,dc=example,dc=org` : null,
      kind === 'OIDC' ? `sub-${username}` : null,
    ],
  )
}

async function membersOf(teamUuid: string) {
  const team = (await asAdmin('GET', `/v1/team/${teamUuid}`)).json
  return {
    managed: team.managedUsers.map((u: Json) => u.username),
    ldap: team.ldapUsers.map((u: Json) => u.username),
    oidc: team.oidcUsers.map((u: Json) => u.username),
  }
}

describe('{username} resolution: managed, then LDAP, then OIDC (§10.3)', () => {
  it('membership goes to the managed user when all three kinds share the name', async () => {
    const { username } = await fx.user()
    await directoryUser('LDAP', username)
    await directoryUser('OIDC', username)
    const team = await fx.team([])
    const joined = await asAdmin('POST', `/v1/user/${username}/membership`, { uuid: team.uuid })
    expect(joined.status).toBe(200)
    expect(joined.json).toHaveProperty('forcePasswordChange')
    expect(await membersOf(team.uuid)).toEqual({ managed: [username], ldap: [], oidc: [] })
  })

  it('then the LDAP user, then the OIDC user; the answer is that user’s JSON', async () => {
    const shared = fx.unique('shared')
    await directoryUser('OIDC', shared)
    await directoryUser('LDAP', shared)
    const team = await fx.team([])
    const toLdap = await asAdmin('POST', `/v1/user/${shared}/membership`, { uuid: team.uuid })
    expect(toLdap.status).toBe(200)
    expect(toLdap.json.dn).toBe(`uid=${shared},ou=people,dc=example,dc=org`)
    expect(await membersOf(team.uuid)).toEqual({ managed: [], ldap: [shared], oidc: [] })

    const oidcOnly = fx.unique('oidc-only')
    await directoryUser('OIDC', oidcOnly)
    const granted = await asAdmin('POST', `/v1/permission/VIEW_BADGES/user/${oidcOnly}`)
    expect(granted.status).toBe(200)
    expect(granted.json).toEqual({
      username: oidcOnly,
      subjectIdentifier: `sub-${oidcOnly}`,
      teams: [],
      permissions: [{ name: 'VIEW_BADGES', description: 'Provides the ability to view badges' }],
    })
    const again = await asAdmin('POST', `/v1/permission/VIEW_BADGES/user/${oidcOnly}`)
    expect(again.status).toBe(304)
    expect(again.text).toBe('')
  })

  it('the permission goes to the managed user when the names clash', async () => {
    const { username } = await fx.user()
    await directoryUser('LDAP', username)
    const granted = await asAdmin('POST', `/v1/permission/TAG_MANAGEMENT/user/${username}`)
    expect(granted.status).toBe(200)
    const [ldap] = await sql(
      `SELECT count(*)::int AS n FROM user_permission up JOIN app_user u ON u.id = up.user_id
       WHERE u.username = $1 AND u.kind = 'LDAP'`,
      [username],
    )
    expect(ldap!.n).toBe(0)
  })

  it('the user’s 404 comes before the permission’s; the team’s before the permission’s', async () => {
    const noUser = await asAdmin('POST', `/v1/permission/NOPE/user/${fx.unique('ghost')}`)
    expect(noUser.status).toBe(404)
    expect(noUser.text).toBe('The user could not be found.')
    const noTeam = await asAdmin('POST', `/v1/permission/NOPE/team/${randomUUID()}`)
    expect(noTeam.status).toBe(404)
    expect(noTeam.text).toBe('The team could not be found.')
  })
})

describe('team UUIDs (§10.5 #2, #4, #7)', () => {
  it('GET /team/{uuid} and PUT /team/{uuid}/key refuse an upper-case UUID with 400', async () => {
    const team = await fx.team([])
    const upper = team.uuid.toUpperCase()
    expect((await asAdmin('GET', `/v1/team/${upper}`)).status).toBe(400)
    expect((await asAdmin('PUT', `/v1/team/${upper}/key`)).status).toBe(400)
    expect((await asAdmin('GET', `/v1/team/${team.uuid}`)).status).toBe(200)
  })

  it('POST /team without a uuid finds no team: 404, as 4.13 checks only the name', async () => {
    const response = await asAdmin('POST', '/v1/team', { name: 'renamed' })
    expect(response.status).toBe(404)
    expect(response.text).toBe('The team could not be found.')
  })
})

describe('DELETE /team cascades everything that points at the team (§10.5 #5, §15 #9)', () => {
  it('keys, memberships, permissions, group mappings and project access go with it', async () => {
    const team = await fx.team(['VIEW_PORTFOLIO'])
    const member = await fx.user({ teams: [team] })
    const key = await fx.teamKey(team.uuid)
    const project = await fx.project({ name: fx.unique('cascade') })
    await fx.grant(team.uuid, project.uuid)
    await sql(
      `INSERT INTO mapped_ldap_group (team_id, dn) SELECT id, 'cn=x' FROM team WHERE uuid = $1`,
      [team.uuid],
    )
    const [group] = await sql(`INSERT INTO oidc_group (name) VALUES ($1) RETURNING id`, [
      fx.unique('group'),
    ])
    await sql(
      `INSERT INTO mapped_oidc_group (team_id, group_id) SELECT id, $2 FROM team WHERE uuid = $1`,
      [team.uuid, group!.id],
    )

    expect((await asAdmin('DELETE', '/v1/team', { uuid: team.uuid })).status).toBe(204)

    expect((await api.request('GET', '/v1/team/visible', { apiKey: key })).status).toBe(401)
    const self = await api.request('GET', '/v1/user/self', { token: member.token })
    expect(self.json.teams).toEqual([])
    const leftovers = await sql(
      `SELECT (SELECT count(*) FROM team_membership tm JOIN app_user u ON u.id = tm.user_id
                WHERE u.username = $1)::int AS memberships,
              (SELECT count(*) FROM mapped_ldap_group WHERE dn = 'cn=x')::int AS ldap,
              (SELECT count(*) FROM mapped_oidc_group WHERE group_id = $2)::int AS oidc,
              (SELECT count(*) FROM project_access_team pat JOIN project p ON p.id = pat.project_id
                WHERE p.uuid = $3)::int AS acl`,
      [member.username, group!.id, project.uuid],
    )
    expect(leftovers[0]).toEqual({ memberships: 0, ldap: 0, oidc: 0, acl: 0 })
    // The OIDC group itself is not the team's; it stays.
    expect(await sql('SELECT 1 FROM oidc_group WHERE id = $1', [group!.id])).toHaveLength(1)
  })
})

describe('X-Total-Count presence (§10.3–§10.5)', () => {
  it('is on the user and team lists, not on permissions or visible teams', async () => {
    for (const path of ['/v1/user/managed', '/v1/user/ldap', '/v1/user/oidc', '/v1/team']) {
      const response = await asAdmin('GET', path)
      expect(response.headers.get('x-total-count'), path).toBe(String(response.json.length))
    }
    for (const path of ['/v1/permission', '/v1/team/visible']) {
      const response = await asAdmin('GET', path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('x-total-count'), path).toBeNull()
    }
  })
})
