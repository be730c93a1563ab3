import { randomBytes } from 'node:crypto'
import { apiFor } from './api.ts'

/**
 * Internal vulnerabilities are the catalogue rows the API lets anyone write (PUT /vulnerability,
 * as a security team's script would); mirrored ones only arrive through the mirrors.
 */
export async function seedInternalVulnerability(baseUrl: string, body: Record<string, unknown>) {
  const api = apiFor(baseUrl)
  const response = await api.put('/api/v1/vulnerability', {
    token: await api.adminToken(),
    json: body,
  })
  if (response.status !== 201) {
    throw new Error(`vulnerability creation failed: ${response.status} ${response.text}`)
  }
  return JSON.parse(response.text) as { uuid: string; vulnId: string }
}

/** A component of a project, through the API. */
export async function seedComponent(baseUrl: string, projectUuid: string, name: string) {
  const api = apiFor(baseUrl)
  const response = await api.put(`/api/v1/component/project/${projectUuid}`, {
    token: await api.adminToken(),
    json: { name, version: '1.0.0', classifier: 'LIBRARY', purl: `pkg:npm/${name}@1.0.0` },
  })
  if (response.status !== 201) throw new Error(`component creation failed: ${response.status}`)
  return JSON.parse(response.text) as { uuid: string }
}

/** Records a finding of an internal vulnerability on a component (the assignment endpoint). */
export async function assignVulnerability(baseUrl: string, vulnId: string, componentUuid: string) {
  const api = apiFor(baseUrl)
  const response = await api.post(
    `/api/v1/vulnerability/source/INTERNAL/vuln/${encodeURIComponent(vulnId)}/component/${componentUuid}`,
    { token: await api.adminToken() },
  )
  if (response.status !== 200) throw new Error(`assignment failed: ${response.status}`)
}

/** A prefix no other test uses: list tests search for it, so parallel tests do not interfere. */
export const uniqueVulnPrefix = () => `INT-e2e${randomBytes(3).toString('hex')}`

export const CVSS_V3 = {
  critical: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
  medium: 'CVSS:3.1/AV:N/AC:H/PR:L/UI:R/S:U/C:L/I:L/A:L',
  low: 'CVSS:3.1/AV:P/AC:H/PR:H/UI:R/S:U/C:L/I:N/A:N',
}
