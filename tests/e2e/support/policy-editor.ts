import { randomBytes } from 'node:crypto'
import { apiFor } from './api.ts'

export interface StoredPolicy {
  uuid: string
  name: string
  operator: string
  violationState: string
  includeChildren: boolean
  onlyLatestProjectVersion: boolean
  global: boolean
  policyConditions: Array<{ uuid: string; subject: string; operator: string; value: string }>
  projects: Array<{ uuid: string; name: string }>
  tags: Array<{ name: string }>
}

export const uniqueSuffix = () => randomBytes(3).toString('hex')

/** Creates a policy through the API, as an administrator's script would. */
export async function createPolicy(baseUrl: string, name: string): Promise<StoredPolicy> {
  const api = apiFor(baseUrl)
  const response = await api.put('/api/v1/policy', {
    token: await api.adminToken(),
    json: { name },
  })
  if (response.status !== 201)
    throw new Error(`policy creation failed: ${response.status} ${response.text}`)
  return JSON.parse(response.text) as StoredPolicy
}

/** The policy as the API has it now, or null once it is gone. */
export async function readPolicy(baseUrl: string, uuid: string): Promise<StoredPolicy | null> {
  const response = await fetch(`${baseUrl}/api/v1/policy/${uuid}`, {
    headers: { Authorization: `Bearer ${await apiFor(baseUrl).adminToken()}` },
  })
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`policy read failed: ${response.status}`)
  return (await response.json()) as StoredPolicy
}

/** The uuid of a license of the catalogue, by SPDX id. */
export async function licenseUuid(baseUrl: string, licenseId: string) {
  const response = await fetch(`${baseUrl}/api/v1/license/${licenseId}`, {
    headers: { Authorization: `Bearer ${await apiFor(baseUrl).adminToken()}` },
  })
  if (!response.ok) throw new Error(`license read failed: ${response.status}`)
  return ((await response.json()) as { uuid: string }).uuid
}
