import type { Queryable } from '../db/database.ts'

/**
 * The license catalogue and license groups as policy documents see them: license conditions
 * hold uuids in the database and SPDX ids / group names in a document.
 */

export interface LicenseRef {
  id: number
  uuid: string
  license_id: string
}

export interface LicenseGroupRow {
  id: number
  uuid: string
  name: string
  risk_weight: number
  /** The group's licenses as licenseIds, alphabetical. */
  licenses: string[]
}

const license = (row: LicenseRef): LicenseRef => ({ ...row, id: Number(row.id) })

export async function licensesByUuids(db: Queryable, uuids: string[]) {
  if (uuids.length === 0) return []
  const rows = await db.query<LicenseRef>(
    'SELECT id, uuid, license_id FROM license WHERE uuid = ANY($1::uuid[])',
    [uuids],
  )
  return rows.map(license)
}

export async function licensesByLicenseIds(db: Queryable, licenseIds: string[]) {
  if (licenseIds.length === 0) return []
  const rows = await db.query<LicenseRef>(
    'SELECT id, uuid, license_id FROM license WHERE license_id = ANY($1::text[])',
    [licenseIds],
  )
  return rows.map(license)
}

const GROUPS = `SELECT g.id, g.uuid, g.name, g.risk_weight,
    COALESCE(array_agg(l.license_id ORDER BY l.license_id)
      FILTER (WHERE l.license_id IS NOT NULL), '{}') AS licenses
  FROM license_group g
  LEFT JOIN license_group_license gl ON gl.license_group_id = g.id
  LEFT JOIN license l ON l.id = gl.license_id`

const group = (row: LicenseGroupRow): LicenseGroupRow => ({
  ...row,
  id: Number(row.id),
  risk_weight: Number(row.risk_weight),
})

export async function allLicenseGroups(db: Queryable) {
  const rows = await db.query<LicenseGroupRow>(`${GROUPS} GROUP BY g.id ORDER BY g.name, g.id`)
  return rows.map(group)
}

export async function licenseGroupsByNames(db: Queryable, names: string[]) {
  if (names.length === 0) return []
  const rows = await db.query<LicenseGroupRow>(
    `${GROUPS} WHERE g.name = ANY($1::text[]) GROUP BY g.id`,
    [names],
  )
  return rows.map(group)
}

export async function licenseGroupsByUuids(db: Queryable, uuids: string[]) {
  if (uuids.length === 0) return []
  const rows = await db.query<LicenseGroupRow>(
    `${GROUPS} WHERE g.uuid = ANY($1::uuid[]) GROUP BY g.id`,
    [uuids],
  )
  return rows.map(group)
}

export async function insertLicenseGroup(db: Queryable, name: string, riskWeight: number) {
  const rows = await db.query<{ id: number; uuid: string }>(
    'INSERT INTO license_group (name, risk_weight) VALUES ($1, $2) RETURNING id, uuid',
    [name, riskWeight],
  )
  return { id: Number(rows[0]!.id), uuid: rows[0]!.uuid }
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
