import { expect } from 'vitest'
import type { apiClient } from './api-client.ts'

type Api = ReturnType<typeof apiClient>
type Json = Record<string, any>

/**
 * Teams, users and the ACL switch made through the API as an administrator would, for tests of
 * portfolio access control and API keys.
 */
export function accessFixtures(api: () => Api, adminToken: () => string) {
  let sequence = 0
  /** Lower-case unique names keep ordering assertions independent of the database collation. */
  const unique = (prefix: string) => {
    sequence += 1
    return `${prefix}-${Date.now().toString(36)}-${sequence}`
  }
  const asAdmin = (method: string, path: string, json?: unknown) =>
    api().request(method, path, { token: adminToken(), json })

  async function team(permissions: string[], name = unique('team')) {
    const created = await asAdmin('PUT', '/v1/team', { name })
    expect(created.status).toBe(201)
    for (const permission of permissions) {
      const granted = await asAdmin(
        'POST',
        `/v1/permission/${permission}/team/${created.json.uuid}`,
      )
      expect(granted.status).toBe(200)
    }
    return created.json as { uuid: string; name: string }
  }

  /** A managed user signed in: in the given teams, with the given direct permissions. */
  async function user(options: { teams?: Array<{ uuid: string }>; permissions?: string[] } = {}) {
    const username = unique('user')
    const password = `pw-${username}`
    const created = await asAdmin('PUT', '/v1/user/managed', {
      username,
      fullname: username,
      email: `${username}@example.com`,
      newPassword: password,
      confirmPassword: password,
      forcePasswordChange: false,
      nonExpiryPassword: true,
      suspended: false,
    })
    expect(created.status).toBe(201)
    for (const { uuid } of options.teams ?? []) {
      expect((await asAdmin('POST', `/v1/user/${username}/membership`, { uuid })).status).toBe(200)
    }
    for (const permission of options.permissions ?? []) {
      const granted = await asAdmin('POST', `/v1/permission/${permission}/user/${username}`)
      expect(granted.status).toBe(200)
    }
    const login = await api().login(username, password)
    expect(login.status).toBe(200)
    return { username, token: login.text }
  }

  async function teamKey(teamUuid: string) {
    const created = await asAdmin('PUT', `/v1/team/${teamUuid}/key`)
    expect(created.status).toBe(201)
    return created.json.key as string
  }

  async function project(body: Json) {
    const created = await asAdmin('PUT', '/v1/project', body)
    expect(created.status, created.text).toBe(201)
    return created.json as Json & { uuid: string; name: string }
  }

  async function grant(teamUuid: string, projectUuid: string) {
    const mapped = await asAdmin('PUT', '/v1/acl/mapping', { team: teamUuid, project: projectUuid })
    expect(mapped.status, mapped.text).toBe(200)
  }

  async function setAcl(enabled: boolean) {
    const response = await asAdmin('POST', '/v1/configProperty/aggregate', [
      { groupName: 'access-management', propertyName: 'acl.enabled', propertyValue: `${enabled}` },
    ])
    expect(response.status).toBe(200)
  }

  return { unique, asAdmin, team, user, teamKey, project, grant, setAcl }
}
