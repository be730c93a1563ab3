import { maybeOne, type Queryable } from '../db/database.ts'
import { likePattern, SqlParams } from './sql.ts'

/** The license catalogue (migration 0013): bundled SPDX licenses and exceptions, custom ones. */

type Id = number | string

/** What the concise view and a component's resolvedLicense carry. */
export interface ConciseLicenseRow {
  uuid: string
  license_id: string
  name: string
  osi_approved: boolean
  fsf_libre: boolean
  deprecated_license_id: boolean
  custom_license: boolean
}

export interface LicenseRow extends ConciseLicenseRow {
  id: Id
  license_text: string | null
  standard_license_template: string | null
  standard_license_header: string | null
  license_comments: string | null
  see_also: string[] | null
}

const CONCISE = `uuid, license_id, name, osi_approved, fsf_libre, deprecated_license_id,
  custom_license`
const FULL = `id, ${CONCISE}, license_text, standard_license_template, standard_license_header,
  license_comments, see_also`

/** A license's concise JSON columns as one json value, for embedding in other rows. */
export const conciseLicenseJson = (alias: string) =>
  `json_build_object('uuid', ${alias}.uuid, 'license_id', ${alias}.license_id,
    'name', ${alias}.name, 'osi_approved', ${alias}.osi_approved,
    'fsf_libre', ${alias}.fsf_libre, 'deprecated_license_id', ${alias}.deprecated_license_id,
    'custom_license', ${alias}.custom_license)`

/** Sortable persistent License fields (Dependency-Track's JDO names). */
export const LICENSE_SORT_COLUMNS: Record<string, string | null> = {
  id: 'l.id',
  uuid: 'l.uuid',
  name: 'l.name',
  licenseId: 'l.license_id',
  text: 'l.license_text',
  template: 'l.standard_license_template',
  header: 'l.standard_license_header',
  comment: 'l.license_comments',
  osiApproved: 'l.osi_approved',
  fsfLibre: 'l.fsf_libre',
  deprecatedLicenseId: 'l.deprecated_license_id',
  customLicense: 'l.custom_license',
  seeAlso: null,
  licenseGroups: null,
  // The JSON names, which the console's columns carry (beyond 4.13, which knows only the above).
  isOsiApproved: 'l.osi_approved',
  isFsfLibre: 'l.fsf_libre',
  isDeprecatedLicenseId: 'l.deprecated_license_id',
  isCustomLicense: 'l.custom_license',
}

export interface Page {
  offset: number
  limit: number
}

/** One page of full licenses; the search matches name or licenseId, ignoring case. */
export async function pageOfLicenses(
  db: Queryable,
  searchText: string | undefined,
  orderBy: string,
  page: Page,
) {
  const params = new SqlParams()
  let where = 'TRUE'
  if (searchText !== undefined) {
    const pattern = params.add(likePattern(searchText.toLowerCase()))
    where = `(lower(l.name) LIKE ${pattern} OR lower(l.license_id) LIKE ${pattern})`
  }
  const [count] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total FROM license l WHERE ${where}`,
    params.values,
  )
  const limit = params.add(page.limit)
  const offset = params.add(page.offset)
  const rows = await db.query<LicenseRow>(
    `SELECT ${FULL} FROM license l WHERE ${where} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
    params.values,
  )
  return { rows, total: Number(count?.total ?? 0) }
}

export function allConciseLicenses(db: Queryable) {
  return db.query<ConciseLicenseRow>(`SELECT ${CONCISE} FROM license ORDER BY name, license_id`)
}

export function findLicense(db: Queryable, licenseId: string) {
  return maybeOne<LicenseRow>(db, `SELECT ${FULL} FROM license WHERE license_id = $1`, [licenseId])
}

export function findLicenseByUuid(db: Queryable, uuid: string) {
  return maybeOne<LicenseRow>(db, `SELECT ${FULL} FROM license WHERE uuid = $1`, [uuid])
}

export interface CustomLicenseValues {
  license_id: string
  name: string
  license_text: string | null
  standard_license_template: string | null
  standard_license_header: string | null
  license_comments: string | null
  osi_approved: boolean
  fsf_libre: boolean
  deprecated_license_id: boolean
  see_also: string[] | null
}

/** A custom license; undefined when the licenseId is taken (a concurrent create). */
export function insertCustomLicense(db: Queryable, values: CustomLicenseValues) {
  return maybeOne<LicenseRow>(
    db,
    `INSERT INTO license (license_id, name, license_text, standard_license_template,
       standard_license_header, license_comments, osi_approved, fsf_libre, deprecated_license_id,
       see_also, custom_license)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true)
     ON CONFLICT (license_id) DO NOTHING
     RETURNING ${FULL}`,
    [
      values.license_id,
      values.name,
      values.license_text,
      values.standard_license_template,
      values.standard_license_header,
      values.license_comments,
      values.osi_approved,
      values.fsf_libre,
      values.deprecated_license_id,
      values.see_also,
    ],
  )
}

export async function deleteLicense(db: Queryable, id: Id) {
  await db.query('DELETE FROM license WHERE id = $1', [id])
}

/** LICENSE policy conditions naming the license by UUID (their violations go with them). */
export async function deleteLicenseConditions(db: Queryable, licenseUuid: string) {
  await db.query(`DELETE FROM policy_condition WHERE subject = 'LICENSE' AND value = $1`, [
    licenseUuid,
  ])
}

/** The entries whose licenseId or name is one of the texts (what resolution may hit). */
export function catalogueEntriesNamed(db: Queryable, texts: readonly string[]) {
  if (texts.length === 0) return Promise.resolve([])
  return db.query<{ license_id: string; name: string }>(
    `SELECT license_id, name FROM license
     WHERE license_id = ANY($1::text[]) OR name = ANY($1::text[])`,
    [[...new Set(texts)]],
  )
}

export interface BundledLicenseRow {
  license_id: string
  name: string
  license_text: string | null
  osi_approved: boolean
  fsf_libre: boolean
  deprecated_license_id: boolean
  exception: boolean
  see_also: string[] | null
}

/**
 * The JSON array texts of rows in batches of at most maxBytes each (a row larger than that goes
 * alone): one huge parameter costs the embedded database several copies of it at once.
 */
export function jsonBatches(rows: readonly unknown[], maxBytes: number): string[] {
  const batches: string[] = []
  let parts: string[] = []
  let size = 2
  for (const row of rows) {
    const text = JSON.stringify(row)
    const bytes = Buffer.byteLength(text) + 1
    if (parts.length > 0 && size + bytes > maxBytes) {
      batches.push(`[${parts.join(',')}]`)
      parts = []
      size = 2
    }
    parts.push(text)
    size += bytes
  }
  if (parts.length > 0) batches.push(`[${parts.join(',')}]`)
  return batches
}

/** The largest parameter of one bundled-license statement (decision 025). */
export const LICENSE_BATCH_BYTES = 512 * 1024

/**
 * Inserts or refreshes bundled entries in statements of at most LICENSE_BATCH_BYTES of JSON; rows
 * that already hold the same values are not rewritten, and a custom license that took an id SPDX
 * later adopted is left alone.
 */
export async function upsertBundledLicenses(
  db: Queryable,
  rows: readonly BundledLicenseRow[],
  batchBytes = LICENSE_BATCH_BYTES,
) {
  const columns = `license_id, name, license_text, osi_approved, fsf_libre,
    deprecated_license_id, exception, see_also`
  for (const batch of jsonBatches(rows, batchBytes)) {
    await db.query(
      `INSERT INTO license (${columns})
       SELECT ${columns} FROM json_to_recordset($1::json) AS r(license_id text, name text,
         license_text text, osi_approved boolean, fsf_libre boolean,
         deprecated_license_id boolean, exception boolean, see_also text[])
       ON CONFLICT (license_id) DO UPDATE SET name = EXCLUDED.name,
         license_text = EXCLUDED.license_text, osi_approved = EXCLUDED.osi_approved,
         fsf_libre = EXCLUDED.fsf_libre, deprecated_license_id = EXCLUDED.deprecated_license_id,
         exception = EXCLUDED.exception, see_also = EXCLUDED.see_also
       WHERE NOT license.custom_license
         AND (license.name, license.license_text, license.osi_approved, license.fsf_libre,
              license.deprecated_license_id, license.exception, license.see_also)
         IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.license_text, EXCLUDED.osi_approved,
              EXCLUDED.fsf_libre, EXCLUDED.deprecated_license_id, EXCLUDED.exception,
              EXCLUDED.see_also)`,
      [batch],
    )
  }
}

/** Licenses as policy documents name them: uuid in the database, licenseId in a document. */
export interface LicenseRef {
  id: number
  uuid: string
  license_id: string
}

const license = (row: LicenseRef): LicenseRef => ({ ...row, id: Number(row.id) })

export async function licenseRefsByUuids(db: Queryable, uuids: string[]) {
  if (uuids.length === 0) return []
  const rows = await db.query<LicenseRef>(
    'SELECT id, uuid, license_id FROM license WHERE uuid = ANY($1::uuid[])',
    [uuids],
  )
  return rows.map(license)
}

export async function licenseRefsByLicenseIds(db: Queryable, licenseIds: string[]) {
  if (licenseIds.length === 0) return []
  const rows = await db.query<LicenseRef>(
    'SELECT id, uuid, license_id FROM license WHERE license_id = ANY($1::text[])',
    [licenseIds],
  )
  return rows.map(license)
}
