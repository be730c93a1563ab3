import type { AppContext } from '../../context.ts'
import type { Queryable } from '../../db/database.ts'
import * as licenses from '../../data/licenses.ts'
import { textError } from '../../lib/errors.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { orderByClause, type SortableEntity } from '../components/sorting.ts'
import { LICENSE_RESOLUTION_JOB, type LicenseResolutionPayload } from './resolution.ts'
import type { CustomLicenseInput } from './schemas.ts'

export type { ConciseLicenseRow, LicenseRow } from '../../data/licenses.ts'

/** The license catalogue's operations (dt-api-portfolio §4.16). */

export const LICENSE_NOT_FOUND = 'The license could not be found.'
export const LICENSE_EXISTS = 'A license with the specified name already exists.'
export const ONLY_CUSTOM = 'Only custom licenses can be deleted.'

const LICENSE: SortableEntity = {
  name: 'License',
  columns: licenses.LICENSE_SORT_COLUMNS,
  computed: new Set(),
  tieBreaker: 'l.id',
}

type Ctx = Pick<AppContext, 'db' | 'enqueue'>

export const listLicenses = (db: Queryable, query: ListQuery) =>
  licenses.pageOfLicenses(db, query.searchText, orderByClause(LICENSE, query, 'l.name ASC'), query)

export const listConciseLicenses = (db: Queryable) => licenses.allConciseLicenses(db)

export async function getLicense(db: Queryable, licenseId: string) {
  const row = await licenses.findLicense(db, licenseId)
  if (!row) throw textError(404, LICENSE_NOT_FOUND)
  return row
}

/** Components that name the license (by id or name) resolve to it from now on. */
async function resolveAgain(ctx: Ctx, db: Queryable, license: licenses.LicenseRow) {
  const payload: LicenseResolutionPayload = { texts: [license.license_id, license.name] }
  await ctx.enqueue(db, LICENSE_RESOLUTION_JOB, payload)
}

export async function createCustomLicense(ctx: Ctx, input: CustomLicenseInput) {
  return ctx.db.transaction(async (tx) => {
    const row = await licenses.insertCustomLicense(tx, {
      license_id: input.licenseId,
      name: input.name,
      license_text: input.licenseText ?? null,
      standard_license_template: input.standardLicenseTemplate ?? null,
      standard_license_header: input.standardLicenseHeader ?? null,
      license_comments: input.licenseComments ?? null,
      osi_approved: input.isOsiApproved ?? false,
      fsf_libre: input.isFsfLibre ?? false,
      deprecated_license_id: input.isDeprecatedLicenseId ?? false,
      see_also: input.seeAlso,
    })
    if (!row) throw textError(409, LICENSE_EXISTS)
    await resolveAgain(ctx, tx, row)
    return row
  })
}

/**
 * Deletes a custom license with the LICENSE conditions that name it (their violations go
 * too); components resolved to it are resolved again.
 */
export async function deleteCustomLicense(ctx: Ctx, licenseId: string) {
  await ctx.db.transaction(async (tx) => {
    const row = await licenses.findLicense(tx, licenseId)
    if (!row) throw textError(404, LICENSE_NOT_FOUND)
    if (!row.custom_license) throw textError(409, ONLY_CUSTOM)
    await licenses.deleteLicenseConditions(tx, row.uuid)
    await licenses.deleteLicense(tx, row.id)
    await resolveAgain(ctx, tx, row)
  })
}
