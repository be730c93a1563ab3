import { z } from 'zod'
import { ConciseLicenseShape, LicenseGroupShape, LicenseShape } from '../../common/policy-shapes.ts'
import { ApiError, type ApiClient } from './client.server.ts'
import { fetchPage, type PageOptions } from './paging.server.ts'

export const ConciseLicenseSchema = ConciseLicenseShape.loose()
export type ConciseLicense = z.infer<typeof ConciseLicenseSchema>
export const LicenseSchema = LicenseShape.loose()
export type License = z.infer<typeof LicenseSchema>
export const LicenseGroupSchema = LicenseGroupShape.extend({
  licenses: z.array(ConciseLicenseSchema),
}).loose()
export type LicenseGroup = z.infer<typeof LicenseGroupSchema>

/** What PUT /license takes to create a custom license (dt-api-portfolio §4.16). */
export interface LicenseInput {
  name: string
  licenseId: string
  licenseText?: string
  standardLicenseTemplate?: string
  standardLicenseHeader?: string
  licenseComments?: string
  isOsiApproved: boolean
  isFsfLibre: boolean
  isDeprecatedLicenseId: boolean
  seeAlso?: string[]
}

const licensePath = (licenseId: string) => `/v1/license/${encodeURIComponent(licenseId)}`
const groupPath = (uuid: string) => `/v1/licenseGroup/${encodeURIComponent(uuid)}`
const memberPath = (groupUuid: string, licenseUuid: string) =>
  `${groupPath(groupUuid)}/license/${encodeURIComponent(licenseUuid)}`

/** Every license, concise, by name (GET /license/concise is not paged). */
export function listConciseLicenses(api: ApiClient) {
  return api.json(z.array(ConciseLicenseSchema), '/v1/license/concise')
}

/** The license groups by name, as the 4.13 condition editor asks for them (`limit=9999`). */
export function listAllLicenseGroups(api: ApiClient) {
  return api.json(z.array(LicenseGroupSchema), '/v1/licenseGroup', {
    query: { pageSize: '9999', pageNumber: '1' },
  })
}

/** One page of the catalogue: search on name or SPDX id, sorted by name or licenseId. */
export async function listLicenses(api: ApiClient, options: PageOptions) {
  const { rows, total } = await fetchPage(api, LicenseSchema, '/v1/license', options)
  return { licenses: rows, total }
}

export function getLicense(api: ApiClient, licenseId: string) {
  return api.json(LicenseSchema, licensePath(licenseId))
}

/**
 * The license whose SPDX id is exactly `text`, if any: a search for "MIT" matches dozens of
 * names ("Unlimited", "Permitted"), so the lists show this one first.
 */
export async function findLicenseById(api: ApiClient, text: string | undefined) {
  if (!text || !/^[a-zA-Z0-9_.\-+]+$/.test(text)) return undefined
  return getLicense(api, text).catch((error: unknown) => {
    if (error instanceof ApiError && error.status < 500) return undefined
    throw error
  })
}

/** Creates a custom license; 409 when the SPDX id is taken. */
export function createLicense(api: ApiClient, input: LicenseInput) {
  return api.json(LicenseSchema, '/v1/license', { method: 'PUT', json: input })
}

/** Deletes a custom license (409 for catalogue entries). */
export async function deleteLicense(api: ApiClient, licenseId: string) {
  await api.send(licensePath(licenseId), { method: 'DELETE' })
}

/** One page of license groups, searched by name. */
export async function listLicenseGroups(api: ApiClient, options: PageOptions) {
  const { rows, total } = await fetchPage(api, LicenseGroupSchema, '/v1/licenseGroup', options)
  return { groups: rows, total }
}

export function getLicenseGroup(api: ApiClient, uuid: string) {
  return api.json(LicenseGroupSchema, groupPath(uuid))
}

/** Creates an empty group; 409 when the name is taken. */
export function createLicenseGroup(api: ApiClient, name: string) {
  return api.json(LicenseGroupSchema, '/v1/licenseGroup', { method: 'PUT', json: { name } })
}

/** Renames a group (POST /licenseGroup changes only the name). */
export function renameLicenseGroup(api: ApiClient, uuid: string, name: string) {
  return api.json(LicenseGroupSchema, '/v1/licenseGroup', {
    method: 'POST',
    json: { uuid, name },
  })
}

export async function deleteLicenseGroup(api: ApiClient, uuid: string) {
  await api.send(groupPath(uuid), { method: 'DELETE' })
}

/** Adds a license to a group; false when it was a member already (304). */
export async function addLicenseToGroup(api: ApiClient, groupUuid: string, licenseUuid: string) {
  const response = await api.send(memberPath(groupUuid, licenseUuid), {
    method: 'POST',
    accept: [304],
  })
  return response.status !== 304
}

/** Removes a license from a group; false when it was not a member (304). */
export async function removeLicenseFromGroup(
  api: ApiClient,
  groupUuid: string,
  licenseUuid: string,
) {
  const response = await api.send(memberPath(groupUuid, licenseUuid), {
    method: 'DELETE',
    accept: [304],
  })
  return response.status !== 304
}
