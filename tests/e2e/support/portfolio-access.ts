import { randomBytes } from 'node:crypto'
import { ADMIN_PASSWORD, apiFor } from './api.ts'
import { startFreshServer } from './fresh-server.ts'
import { releaseAdmin } from './list-data.ts'

export const ADMIN = { username: 'admin', password: ADMIN_PASSWORD }

/**
 * A Lookout of its own: switching the portfolio ACL on changes what every user sees, so these
 * tests never share the suite's server.
 */
export async function startAccessServer() {
  const server = await startFreshServer({ LOOKOUT_ROLES: 'console,api,worker' })
  await releaseAdmin(server.baseUrl)
  const api = apiFor(server.baseUrl)
  const token = await api.adminToken()
  const suffix = randomBytes(3).toString('hex')

  async function json(method: 'put' | 'post', path: string, body: unknown, status: number) {
    const response = await api[method](path, { token, json: body })
    if (response.status !== status) throw new Error(`${path}: ${response.status} ${response.text}`)
    return response.text ? (JSON.parse(response.text) as { uuid: string; name: string }) : undefined
  }

  async function team(name: string, permissions: string[]) {
    const created = (await json('put', '/api/v1/team', { name: `${name}-${suffix}` }, 201))!
    for (const permission of permissions) {
      await api.post(`/api/v1/permission/${permission}/team/${created.uuid}`, { token })
    }
    return created
  }

  /** A signed-up member of the team, with no permission of their own. */
  async function member(teamUuid: string) {
    const user = {
      username: `member-${randomBytes(3).toString('hex')}`,
      password: `pw-${randomBytes(6).toString('hex')}`,
    }
    await json(
      'put',
      '/api/v1/user/managed',
      {
        ...user,
        fullname: 'Team Member',
        email: `${user.username}@example.test`,
        newPassword: user.password,
        confirmPassword: user.password,
        forcePasswordChange: false,
        nonExpiryPassword: true,
        suspended: false,
      },
      201,
    )
    await json('post', `/api/v1/user/${user.username}/membership`, { uuid: teamUuid }, 200)
    return user
  }

  const project = (name: string, version: string) =>
    json('put', '/api/v1/project', { name: `${name}-${suffix}`, version }, 201).then((p) => p!)

  async function aclEnabled() {
    const response = await fetch(
      `${server.baseUrl}/api/v1/configProperty/public/access-management/acl.enabled`,
    )
    return ((await response.json()) as { propertyValue?: string }).propertyValue === 'true'
  }

  async function teamProjects(teamUuid: string) {
    const response = await fetch(`${server.baseUrl}/api/v1/acl/team/${teamUuid}`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    return ((await response.json()) as Array<{ name: string }>).map((p) => p.name)
  }

  return { ...server, suffix, team, member, project, aclEnabled, teamProjects }
}
