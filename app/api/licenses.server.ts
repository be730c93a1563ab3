import { z } from 'zod'
import { ConciseLicenseShape, LicenseGroupShape } from '../../common/policy-shapes.ts'
import type { ApiClient } from './client.server.ts'

export const ConciseLicenseSchema = ConciseLicenseShape.loose()
export const LicenseGroupSchema = LicenseGroupShape.extend({
  licenses: z.array(ConciseLicenseSchema),
}).loose()

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
