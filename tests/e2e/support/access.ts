import { randomBytes } from 'node:crypto'
import { ADMIN_PASSWORD, apiFor } from './api.ts'
import { sampleBom } from './boms.ts'

export const ADMIN = { username: 'admin', password: ADMIN_PASSWORD }
export const ACCESS = '/admin/accessManagement'

export const uniqueSuffix = () => randomBytes(3).toString('hex')

/** A CI job's upload: PUT /api/v1/bom with nothing but an API key. */
export async function uploadWithKey(baseUrl: string, apiKey: string, projectUuid: string) {
  const response = await fetch(`${baseUrl}/api/v1/bom`, {
    method: 'PUT',
    headers: { 'X-Api-Key': apiKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      project: projectUuid,
      bom: sampleBom('ci-upload').toString('base64'),
    }),
  })
  return { status: response.status, text: await response.text() }
}

/** How the API answers a sign-in (200, or 401/403 with the reason). */
export async function signInStatus(baseUrl: string, username: string, password: string) {
  const response = await apiFor(baseUrl).post('/api/v1/user/login', {
    form: { username, password },
  })
  return { status: response.status, text: response.text }
}

/** A team and a key of its own, made through the API as another administrator's script would. */
export async function teamWithKey(baseUrl: string, name: string, permissions: string[] = []) {
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  const team = JSON.parse((await api.put('/api/v1/team', { token, json: { name } })).text) as {
    uuid: string
  }
  for (const permission of permissions) {
    await api.post(`/api/v1/permission/${permission}/team/${team.uuid}`, { token })
  }
  const key = JSON.parse((await api.put(`/api/v1/team/${team.uuid}/key`, { token })).text) as {
    key: string
  }
  return { uuid: team.uuid, key: key.key }
}

export async function deleteTeam(baseUrl: string, uuid: string) {
  const api = apiFor(baseUrl)
  await api.delete('/api/v1/team', { token: await api.adminToken(), json: { uuid } })
}
