import type { Queryable } from '../db/database.ts'

/** SQL of VEX export and import: a project's findings with their analyses, and import lookups. */

export interface VexFindingRow {
  component_id: number
  component_uuid: string
  component_purl: string | null
  vulnerability_id: number
  vulnerability_uuid: string
  vuln_id: string
  source: string
  description: string | null
  recommendation: string | null
  created: Date | null
  published: Date | null
  updated: Date | null
  cwes: number[] | null
  cvss_v2_base_score: number | null
  cvss_v2_vector: string | null
  cvss_v3_base_score: number | null
  cvss_v3_vector: string | null
  owasp_rr_likelihood_score: number | null
  owasp_rr_technical_impact_score: number | null
  owasp_rr_business_impact_score: number | null
  owasp_rr_vector: string | null
  severity: string | null
  state: string | null
  justification: string | null
  response: string | null
  details: string | null
  suppressed: boolean | null
}

/** Every finding of the project, suppressed ones included, by vulnerability then component. */
export function listVexFindings(db: Queryable, projectId: number): Promise<VexFindingRow[]> {
  return db.query<VexFindingRow>(
    `SELECT c.id AS component_id, c.uuid::text AS component_uuid, c.purl AS component_purl,
            v.id AS vulnerability_id, v.uuid::text AS vulnerability_uuid, v.vuln_id, v.source,
            v.description, v.recommendation, v.created, v.published, v.updated, v.cwes,
            v.cvss_v2_base_score::float8 AS cvss_v2_base_score, v.cvss_v2_vector,
            v.cvss_v3_base_score::float8 AS cvss_v3_base_score, v.cvss_v3_vector,
            v.owasp_rr_likelihood_score::float8 AS owasp_rr_likelihood_score,
            v.owasp_rr_technical_impact_score::float8 AS owasp_rr_technical_impact_score,
            v.owasp_rr_business_impact_score::float8 AS owasp_rr_business_impact_score,
            v.owasp_rr_vector, v.severity,
            a.state, a.justification, a.response, a.details, a.suppressed
     FROM finding f
     JOIN component c ON c.id = f.component_id
     JOIN vulnerability v ON v.id = f.vulnerability_id
     LEFT JOIN analysis a ON a.component_id = f.component_id AND a.vulnerability_id = f.vulnerability_id
     WHERE f.project_id = $1
     ORDER BY v.source, v.vuln_id, c.id`,
    [projectId],
  )
}

export async function projectHasFindings(db: Queryable, projectId: number): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM finding WHERE project_id = $1 LIMIT 1', [projectId])
  return rows.length > 0
}

/** §7.2: the vulnerability named by (source, id), exact text. */
export async function findVulnerabilityId(
  db: Queryable,
  source: string,
  vulnId: string,
): Promise<number | undefined> {
  const rows = await db.query<{ id: number }>(
    'SELECT id FROM vulnerability WHERE source = $1 AND vuln_id = $2',
    [source, vulnId],
  )
  return rows[0] ? Number(rows[0].id) : undefined
}

const ALIAS_COLUMN_OF_SOURCE: Record<string, string> = {
  NVD: 'cve_id',
  GITHUB: 'ghsa_id',
  OSV: 'osv_id',
  OSSINDEX: 'sonatype_id',
  SNYK: 'snyk_id',
  VULNDB: 'vuln_db_id',
  INTERNAL: 'internal_id',
}
const ALIAS_ID_COLUMNS = [...Object.values(ALIAS_COLUMN_OF_SOURCE), 'gsd_id']

/**
 * The project's findings whose vulnerability is named by one of these ids, directly (any source)
 * or through an alias row (OpenVEX names no source).
 */
export function findingsByVulnIds(
  db: Queryable,
  projectId: number,
  vulnIds: readonly string[],
): Promise<{ component_id: number; vulnerability_id: number; purl: string | null; uuid: string }[]> {
  const ownId = Object.entries(ALIAS_COLUMN_OF_SOURCE)
    .map(([source, column]) => `(v.source = '${source}' AND a.${column} = v.vuln_id)`)
    .join(' OR ')
  const named = ALIAS_ID_COLUMNS.map((column) => `a.${column} = ANY($2::text[])`).join(' OR ')
  return db.query(
    `SELECT f.component_id, f.vulnerability_id, c.purl, c.uuid::text AS uuid
     FROM finding f JOIN vulnerability v ON v.id = f.vulnerability_id
     JOIN component c ON c.id = f.component_id
     WHERE f.project_id = $1 AND (v.vuln_id = ANY($2::text[])
       OR EXISTS (SELECT 1 FROM vulnerability_alias a WHERE (${ownId}) AND (${named})))
     ORDER BY f.id`,
    [projectId, vulnIds],
  )
}

/** Components of the project linked to the vulnerability (suppressed findings included). */
export async function componentsWithVulnerability(
  db: Queryable,
  projectId: number,
  vulnerabilityId: number,
): Promise<number[]> {
  const rows = await db.query<{ component_id: number }>(
    `SELECT component_id FROM finding WHERE project_id = $1 AND vulnerability_id = $2
     ORDER BY component_id`,
    [projectId, vulnerabilityId],
  )
  return rows.map((row) => Number(row.component_id))
}

export interface ComponentIdentity {
  purl?: string
  purlCoordinates?: string
  cpe?: string
  swidTagId?: string
  group?: string
  name?: string
  version?: string
}

/** 4.13's matchIdentity: same purl, or purl coordinates, or CPE, or SWID tag, or (group, name, version). */
export async function componentsMatching(
  db: Queryable,
  projectId: number,
  identity: ComponentIdentity,
): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `SELECT id FROM component WHERE project_id = $1 AND (
       ($2::text IS NOT NULL AND purl = $2)
       OR ($3::text IS NOT NULL AND purl_coordinates = $3)
       OR ($4::text IS NOT NULL AND cpe = $4)
       OR ($5::text IS NOT NULL AND swid_tag_id = $5)
       OR ($7::text IS NOT NULL AND "group" IS NOT DISTINCT FROM $6 AND name = $7
           AND version IS NOT DISTINCT FROM $8))
     ORDER BY id`,
    [
      projectId,
      identity.purl ?? null,
      identity.purlCoordinates ?? null,
      identity.cpe ?? null,
      identity.swidTagId ?? null,
      identity.group ?? null,
      identity.name ?? null,
      identity.version ?? null,
    ],
  )
  return rows.map((row) => Number(row.id))
}

export async function insertVexRecord(
  db: Queryable,
  record: {
    projectId: number
    format: string
    specVersion: string | null
    version: number | null
    serialNumber: string | null
  },
) {
  await db.query(
    `INSERT INTO vex (project_id, format, spec_version, vex_version, serial_number)
     VALUES ($1, $2, $3, $4, $5)`,
    [record.projectId, record.format, record.specVersion, record.version, record.serialNumber],
  )
}

export async function findVexProject(
  db: Queryable,
  projectId: number,
): Promise<{ id: number; uuid: string; purl: string | null; collection_logic: string | null } | undefined> {
  const rows = await db.query<{ id: number; uuid: string; purl: string | null; collection_logic: string | null }>(
    'SELECT id, uuid::text AS uuid, purl, collection_logic FROM project WHERE id = $1',
    [projectId],
  )
  return rows[0] && { ...rows[0], id: Number(rows[0].id) }
}
