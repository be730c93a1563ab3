import { randomBytes } from 'node:crypto'
import { apiFor } from './api.ts'

export const OIDC_GROUPS = '/admin/accessManagement/oidcGroups'

/** Teams made through the API for a test, with names no other test uses. */
export async function createTeams(baseUrl: string, names: string[]) {
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  const suffix = randomBytes(3).toString('hex')
  const teams: Array<{ uuid: string; name: string }> = []
  for (const name of names) {
    const created = await api.put('/api/v1/team', { token, json: { name: `${name} ${suffix}` } })
    teams.push(JSON.parse(created.text))
  }
  return teams
}

export const uniqueGroupName = (prefix: string) => `${prefix}-${randomBytes(3).toString('hex')}`
