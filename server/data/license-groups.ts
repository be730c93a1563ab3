import { maybeOne, type Queryable } from '../db/database.ts'
import { conciseLicenseJson, type ConciseLicenseRow, type Page } from './licenses.ts'
import { likePattern, SqlParams } from './sql.ts'

/** License groups and their members (migration 0013). */

type Id = number | string

export interface LicenseGroupRow {
  id: Id
  uuid: string
  name: string
  risk_weight: number
  /** Members ordered by name. */
  licenses: ConciseLicenseRow[]
}

const COLUMNS = `g.id, g.uuid, g.name, g.risk_weight,
  COALESCE((SELECT json_agg(${conciseLicenseJson('l')} ORDER BY l.name, l.license_id)
            FROM license_group_license m JOIN license l ON l.id = m.license_id
            WHERE m.license_group_id = g.id), '[]'::json) AS licenses`

/** Sortable persistent LicenseGroup fields. */
export const LICENSE_GROUP_SORT_COLUMNS: Record<string, string | null> = {
  id: 'g.id',
  uuid: 'g.uuid',
  name: 'g.name',
  riskWeight: 'g.risk_weight',
  licenses: null,
}

/** One page of groups with their licenses; the search matches the name, ignoring case. */
export async function pageOfLicenseGroups(
  db: Queryable,
  searchText: string | undefined,
  orderBy: string,
  page: Page,
) {
  const params = new SqlParams()
  const where =
    searchText === undefined
      ? 'TRUE'
      : `lower(g.name) LIKE ${params.add(likePattern(searchText.toLowerCase()))}`
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM license_group g WHERE ${where}`,
    params.values,
  )
  const limit = params.add(page.limit)
  const offset = params.add(page.offset)
  const rows = await db.query<LicenseGroupRow>(
    `SELECT ${COLUMNS} FROM license_group g WHERE ${where}
     ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
    params.values,
  )
  return { rows, total: Number(count?.total ?? 0) }
}

export function findLicenseGroup(db: Queryable, uuid: string) {
  return maybeOne<LicenseGroupRow>(
    db,
    `SELECT ${COLUMNS} FROM license_group g WHERE g.uuid = $1`,
    [uuid],
  )
}

/** The new group's id and UUID; undefined when the name is taken. */
export async function insertLicenseGroup(db: Queryable, name: string, riskWeight = 0) {
  const row = await maybeOne<{ id: Id; uuid: string }>(
    db,
    `INSERT INTO license_group (name, risk_weight) VALUES ($1, $2)
     ON CONFLICT (name) DO NOTHING RETURNING id, uuid`,
    [name, riskWeight],
  )
  return row ? { id: Number(row.id), uuid: row.uuid } : undefined
}

/** False when another group has that name. */
export async function renameLicenseGroup(db: Queryable, id: Id, name: string) {
  const rows = await db.query(
    `UPDATE license_group SET name = $2 WHERE id = $1
       AND NOT EXISTS (SELECT 1 FROM license_group o WHERE o.name = $2 AND o.id <> $1)
     RETURNING id`,
    [id, name],
  )
  return rows.length > 0
}

export async function deleteLicenseGroup(db: Queryable, id: Id) {
  await db.query('DELETE FROM license_group WHERE id = $1', [id])
}

/** True when the license was not a member yet. */
export async function addGroupLicense(db: Queryable, groupId: Id, licenseId: Id) {
  const rows = await db.query(
    `INSERT INTO license_group_license (license_group_id, license_id) VALUES ($1, $2)
     ON CONFLICT DO NOTHING RETURNING license_id`,
    [groupId, licenseId],
  )
  return rows.length > 0
}

/** True when the license was a member. */
export async function removeGroupLicense(db: Queryable, groupId: Id, licenseId: Id) {
  const rows = await db.query(
    `DELETE FROM license_group_license WHERE license_group_id = $1 AND license_id = $2
     RETURNING license_id`,
    [groupId, licenseId],
  )
  return rows.length > 0
}

/** Adds the catalogue entries with these licenseIds (unknown ids are skipped). */
export async function addGroupLicensesById(
  db: Queryable,
  groupUuid: string,
  licenseIds: readonly string[],
) {
  await db.query(
    `INSERT INTO license_group_license (license_group_id, license_id)
     SELECT g.id, l.id FROM license_group g JOIN license l ON l.license_id = ANY($2::text[])
     WHERE g.uuid = $1
     ON CONFLICT DO NOTHING`,
    [groupUuid, licenseIds],
  )
}

/** License groups as policy documents hold them: members by licenseId. */
export interface LicenseGroupDocumentRow {
  id: number
  uuid: string
  name: string
  risk_weight: number
  /** The group's licenses as licenseIds, alphabetical. */
  licenses: string[]
}

const GROUP_DOCUMENTS = `SELECT g.id, g.uuid, g.name, g.risk_weight,
    COALESCE(array_agg(l.license_id ORDER BY l.license_id)
      FILTER (WHERE l.license_id IS NOT NULL), '{}') AS licenses
  FROM license_group g
  LEFT JOIN license_group_license gl ON gl.license_group_id = g.id
  LEFT JOIN license l ON l.id = gl.license_id`

const groupDocument = (row: LicenseGroupDocumentRow): LicenseGroupDocumentRow => ({
  ...row,
  id: Number(row.id),
  risk_weight: Number(row.risk_weight),
})

export async function allLicenseGroupDocuments(db: Queryable) {
  const rows = await db.query<LicenseGroupDocumentRow>(`${GROUP_DOCUMENTS} GROUP BY g.id ORDER BY g.name, g.id`)
  return rows.map(groupDocument)
}

export async function licenseGroupDocumentsByNames(db: Queryable, names: string[]) {
  if (names.length === 0) return []
  const rows = await db.query<LicenseGroupDocumentRow>(
    `${GROUP_DOCUMENTS} WHERE g.name = ANY($1::text[]) GROUP BY g.id`,
    [names],
  )
  return rows.map(groupDocument)
}

export async function licenseGroupDocumentsByUuids(db: Queryable, uuids: string[]) {
  if (uuids.length === 0) return []
  const rows = await db.query<LicenseGroupDocumentRow>(
    `${GROUP_DOCUMENTS} WHERE g.uuid = ANY($1::uuid[]) GROUP BY g.id`,
    [uuids],
  )
  return rows.map(groupDocument)
}

export async function setLicenseGroupRiskWeight(db: Queryable, id: number, riskWeight: number) {
  await db.query('UPDATE license_group SET risk_weight = $2 WHERE id = $1', [id, riskWeight])
}

/** Makes a group's licenses exactly these (license row ids). */
export async function replaceLicenseGroupLicenses(
  db: Queryable,
  groupId: number,
  licenseIds: number[],
) {
  await db.query(
    `DELETE FROM license_group_license
     WHERE license_group_id = $1 AND NOT (license_id = ANY($2::bigint[]))`,
    [groupId, licenseIds],
  )
  await db.query(
    `INSERT INTO license_group_license (license_group_id, license_id)
     SELECT $1, unnest($2::bigint[]) ON CONFLICT DO NOTHING`,
    [groupId, licenseIds],
  )
}
