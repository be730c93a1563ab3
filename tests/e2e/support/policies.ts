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

export type TestPolicy = Pick<StoredPolicy, 'uuid' | 'name'>

/** Creates a policy through the API (with `fields` such as its violation state), as a script would. */
export async function createPolicy(
  baseUrl: string,
  name: string,
  fields: { operator?: string; violationState?: string } = {},
): Promise<StoredPolicy> {
  const api = apiFor(baseUrl)
  const response = await api.put('/api/v1/policy', {
    token: await api.adminToken(),
    json: { name, ...fields },
  })
  if (response.status !== 201)
    throw new Error(`policy creation failed: ${response.status} ${response.text}`)
  return JSON.parse(response.text) as StoredPolicy
}

/** Creates policies through the API (4.13's defaults: ANY, INFO, no limits), as a script would. */
export async function createPolicies(baseUrl: string, names: string[]): Promise<TestPolicy[]> {
  const created: TestPolicy[] = []
  for (const name of names) created.push(await createPolicy(baseUrl, name))
  return created
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

/** Removes what a test created, whatever state it was left in. */
export async function deletePolicies(baseUrl: string, policies: TestPolicy[]) {
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  for (const policy of policies) await api.delete(`/api/v1/policy/${policy.uuid}`, { token })
}
