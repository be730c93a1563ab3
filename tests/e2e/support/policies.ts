import { apiFor } from './api.ts'

export interface TestPolicy {
  uuid: string
  name: string
}

/** Creates policies through the API (4.13's defaults: ANY, INFO, no limits), as a script would. */
export async function createPolicies(baseUrl: string, names: string[]): Promise<TestPolicy[]> {
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  const created: TestPolicy[] = []
  for (const name of names) {
    const response = await api.put('/api/v1/policy', { token, json: { name } })
    if (response.status !== 201) {
      throw new Error(`policy creation failed: ${response.status} ${response.text}`)
    }
    created.push(JSON.parse(response.text) as TestPolicy)
  }
  return created
}

/** Removes what a test created, whatever state it was left in. */
export async function deletePolicies(baseUrl: string, policies: TestPolicy[]) {
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  for (const policy of policies) await api.delete(`/api/v1/policy/${policy.uuid}`, { token })
}
