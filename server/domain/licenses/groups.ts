import type { Queryable } from '../../db/database.ts'
import * as groups from '../../data/license-groups.ts'
import { findLicenseByUuid } from '../../data/licenses.ts'
import { textError } from '../../lib/errors.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { orderByClause, type SortableEntity } from '../components/sorting.ts'
import { LICENSE_NOT_FOUND } from './licenses.ts'

export type { LicenseGroupRow } from '../../data/license-groups.ts'

/** License groups (dt-api-portfolio §4.17). */

export const GROUP_NOT_FOUND = 'The license group could not be found.'
export const GROUP_UUID_NOT_FOUND = 'The UUID of the license group could not be found.'
export const GROUP_EXISTS = 'A license group with the specified name already exists.'

const LICENSE_GROUP: SortableEntity = {
  name: 'LicenseGroup',
  columns: groups.LICENSE_GROUP_SORT_COLUMNS,
  computed: new Set(),
  tieBreaker: 'g.id',
}

export const listLicenseGroups = (db: Queryable, query: ListQuery) =>
  groups.pageOfLicenseGroups(
    db,
    query.searchText,
    orderByClause(LICENSE_GROUP, query, 'g.name ASC'),
    query,
  )

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function getLicenseGroup(
  db: Queryable,
  uuid: string | null | undefined,
  message = GROUP_NOT_FOUND,
) {
  const row = uuid && UUID.test(uuid) ? await groups.findLicenseGroup(db, uuid) : undefined
  if (!row) throw textError(404, message)
  return row
}

/** A new group (risk weight 0, as 4.13 creates them). */
export async function createLicenseGroup(db: Queryable, name: string) {
  const created = await groups.insertLicenseGroup(db, name)
  if (!created) throw textError(409, GROUP_EXISTS)
  return getLicenseGroup(db, created.uuid)
}

/**
 * Renames a group; the risk weight stays. A name another group has answers 409 (4.13 fails
 * with a database error there).
 */
export async function renameLicenseGroup(
  db: Queryable,
  uuid: string | null | undefined,
  name: string,
) {
  const group = await getLicenseGroup(db, uuid)
  if (!(await groups.renameLicenseGroup(db, group.id, name))) throw textError(409, GROUP_EXISTS)
  return getLicenseGroup(db, group.uuid)
}

/** LICENSE_GROUP conditions naming it stay; evaluation skips a missing group (§3.3). */
export async function deleteLicenseGroup(db: Queryable, uuid: string) {
  const group = await getLicenseGroup(db, uuid, GROUP_UUID_NOT_FOUND)
  await groups.deleteLicenseGroup(db, group.id)
}

async function groupAndLicense(db: Queryable, uuid: string, licenseUuid: string) {
  const group = await getLicenseGroup(db, uuid)
  const license = await findLicenseByUuid(db, licenseUuid)
  if (!license) throw textError(404, LICENSE_NOT_FOUND)
  return { group, license }
}

/** The group with the license added; 'unchanged' when it was a member already. */
export async function addLicenseToGroup(db: Queryable, uuid: string, licenseUuid: string) {
  const { group, license } = await groupAndLicense(db, uuid, licenseUuid)
  if (!(await groups.addGroupLicense(db, group.id, license.id))) return 'unchanged'
  return getLicenseGroup(db, uuid)
}

/** The group without the license; 'unchanged' when it was not a member. */
export async function removeLicenseFromGroup(db: Queryable, uuid: string, licenseUuid: string) {
  const { group, license } = await groupAndLicense(db, uuid, licenseUuid)
  if (!(await groups.removeGroupLicense(db, group.id, license.id))) return 'unchanged'
  return getLicenseGroup(db, uuid)
}
