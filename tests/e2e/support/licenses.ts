import { randomBytes } from 'node:crypto'
import { apiFor } from './api.ts'

/** A suffix that keeps one test's licenses and groups apart from the others'. */
export const uniqueSuffix = () => randomBytes(3).toString('hex')

/** Creates a custom license through the API, as an administrator's script would. */
export async function createCustomLicense(
  baseUrl: string,
  license: { licenseId: string; name: string; licenseText?: string },
) {
  const api = apiFor(baseUrl)
  const response = await api.put('/api/v1/license', {
    token: await api.adminToken(),
    json: license,
  })
  if (response.status !== 201)
    throw new Error(`license creation failed: ${response.status} ${response.text}`)
  return JSON.parse(response.text) as { uuid: string; licenseId: string; name: string }
}

/** Creates a license group through the API, with these licenses (by uuid) in it. */
export async function createLicenseGroup(baseUrl: string, name: string, licenses: string[] = []) {
  const api = apiFor(baseUrl)
  const token = await api.adminToken()
  const response = await api.put('/api/v1/licenseGroup', { token, json: { name } })
  if (response.status !== 201)
    throw new Error(`license group creation failed: ${response.status} ${response.text}`)
  const group = JSON.parse(response.text) as { uuid: string; name: string }
  for (const license of licenses) {
    await api.post(`/api/v1/licenseGroup/${group.uuid}/license/${license}`, { token })
  }
  return group
}

/** The uuid of a license of the catalogue, by SPDX id. */
export async function licenseUuid(baseUrl: string, licenseId: string) {
  const response = await fetch(`${baseUrl}/api/v1/license/${licenseId}`, {
    headers: { Authorization: `Bearer ${await apiFor(baseUrl).adminToken()}` },
  })
  if (!response.ok) throw new Error(`license read failed: ${response.status}`)
  return ((await response.json()) as { uuid: string }).uuid
}
