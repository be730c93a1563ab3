import { randomBytes } from 'node:crypto'

export const ADMIN_PASSWORD = 'e2e-Admin-password-1'

interface Body {
  form?: Record<string, string>
  json?: unknown
  token?: string
}

/** Sets up data through the API, as an administrator's script would. */
export function apiFor(baseUrl: string) {
  async function call(method: string, path: string, body: Body = {}) {
    const headers: Record<string, string> = {}
    if (body.token) headers.Authorization = `Bearer ${body.token}`
    let payload: string | undefined
    if (body.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded'
      payload = new URLSearchParams(body.form).toString()
    } else if (body.json !== undefined) {
      headers['Content-Type'] = 'application/json'
      payload = JSON.stringify(body.json)
    }
    const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload })
    return { status: response.status, text: await response.text() }
  }
  return {
    post: (path: string, body?: Body) => call('POST', path, body),
    put: (path: string, body?: Body) => call('PUT', path, body),
    delete: (path: string, body?: Body) => call('DELETE', path, body),
    async adminToken() {
      const response = await call('POST', '/api/v1/user/login', {
        form: { username: 'admin', password: ADMIN_PASSWORD },
      })
      if (response.status !== 200) throw new Error(`admin sign-in failed: ${response.status}`)
      return response.text
    },
  }
}

export interface TestUser {
  username: string
  password: string
  fullname: string
}

/** A managed user with exactly the given permissions, unique to the calling test. */
export async function createUser(baseUrl: string, permissions: string[]): Promise<TestUser> {
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  const user = {
    username: `user-${randomBytes(4).toString('hex')}`,
    password: `pw-${randomBytes(6).toString('hex')}`,
    fullname: `Test User ${randomBytes(2).toString('hex')}`,
  }
  const created = await api.put('/api/v1/user/managed', {
    token,
    json: {
      username: user.username,
      fullname: user.fullname,
      email: `${user.username}@example.test`,
      newPassword: user.password,
      confirmPassword: user.password,
      forcePasswordChange: false,
      nonExpiryPassword: true,
      suspended: false,
    },
  })
  if (created.status !== 201)
    throw new Error(`user creation failed: ${created.status} ${created.text}`)
  for (const permission of permissions) {
    await api.post(`/api/v1/permission/${permission}/user/${user.username}`, { token })
  }
  return user
}

export async function deleteUser(baseUrl: string, username: string) {
  const api = apiFor(baseUrl)
  await api.delete('/api/v1/user/managed', { token: await api.adminToken(), json: { username } })
}

/** Creates a project through the API, as a CI script would. */
export async function createProject(
  baseUrl: string,
  project: {
    name: string
    version?: string
    parentUuid?: string
    tags?: string[]
    active?: boolean
  },
) {
  const api = apiFor(baseUrl)
  const response = await api.put('/api/v1/project', {
    token: await api.adminToken(),
    json: {
      name: project.name,
      version: project.version,
      parent: project.parentUuid ? { uuid: project.parentUuid } : undefined,
      tags: (project.tags ?? []).map((name) => ({ name })),
      active: project.active ?? true,
    },
  })
  if (response.status !== 201)
    throw new Error(`project creation failed: ${response.status} ${response.text}`)
  return JSON.parse(response.text) as { uuid: string; name: string }
}
