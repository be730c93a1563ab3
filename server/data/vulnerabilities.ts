import type { Queryable } from '../db/database.ts'
import { COMPONENT_ROW_COLUMNS, type ComponentRow, type Page } from './components.ts'
import type { ProjectAccess } from './project-access.ts'
import { SqlParams } from './sql.ts'
import {
  ALIAS_COLUMNS,
  VULNERABILITY_COLUMNS,
  VULNERABILITY_SELECT,
  type AliasRow,
  type SoftwareValues,
  type VulnerabilityRow,
  type VulnerabilityValues,
} from './vulnerability-catalogue.ts'

type Id = number | string

/** A stored vulnerability with what Lookout joins to it: EPSS (NVD rows) and CISA KEV. */
export interface VulnerabilityDetailRow extends VulnerabilityRow {
  epss_score: number | null
  epss_percentile: number | null
  kev_date_added: string | null
  kev_due_date: string | null
  kev_required_action: string | null
  kev_ransomware_use: string | null
  kev_vulnerability_name: string | null
}

/** The alias column naming each source's own ids (sources without one have no aliases). */
const ALIAS_COLUMN_OF_SOURCE: ReadonlyArray<readonly [string, string]> = [
  ['NVD', 'cve_id'],
  ['GITHUB', 'ghsa_id'],
  ['OSV', 'osv_id'],
  ['OSSINDEX', 'sonatype_id'],
  ['SNYK', 'snyk_id'],
  ['VULNDB', 'vuln_db_id'],
  ['INTERNAL', 'internal_id'],
]

/** Which row of an alias group a collapsed list keeps: NVD, then GitHub, then OSV, then others. */
const COLLAPSE_RANK: Record<string, number> = { NVD: 0, GITHUB: 1, OSV: 2 }

/**
 * Alias rows naming vulnerability `v` (source and vuln_id columns of the outer query), one
 * index-driven branch per source: only the branch of v's source runs.
 */
const aliasRowsOf = (v: string, select: string) =>
  ALIAS_COLUMN_OF_SOURCE.map(
    ([source, column]) =>
      `SELECT ${select} FROM vulnerability_alias a
       WHERE ${v}.source = '${source}' AND a.${column} = ${v}.vuln_id`,
  ).join(' UNION ALL ')

const DETAIL_SELECT = `${VULNERABILITY_SELECT},
  e.score AS epss_score, e.percentile AS epss_percentile,
  kev.date_added AS kev_date_added, kev.due_date AS kev_due_date,
  kev.required_action AS kev_required_action,
  kev.known_ransomware_campaign_use AS kev_ransomware_use,
  kev.vulnerability_name AS kev_vulnerability_name`

// KEV lists CVEs: an NVD row by its own id, any other row by a CVE among its aliases.
const DETAIL_FROM = `vulnerability v
  LEFT JOIN epss_score e ON v.source = 'NVD' AND e.cve_id = v.vuln_id
  LEFT JOIN LATERAL (
    SELECT to_char(k.date_added, 'YYYY-MM-DD') AS date_added,
      to_char(k.due_date, 'YYYY-MM-DD') AS due_date, k.required_action,
      k.known_ransomware_campaign_use, k.vulnerability_name
    FROM known_exploited_vulnerability k
    WHERE k.cve_id IN (
      SELECT v.vuln_id WHERE v.source = 'NVD'
      UNION ALL SELECT cve_id FROM (${aliasRowsOf('v', 'a.cve_id')}) AS cve
    )
    ORDER BY k.date_added, k.cve_id LIMIT 1
  ) kev ON TRUE`

/** Full rows of the given vulnerabilities, in the order of `ids`. */
export async function vulnerabilitiesByIds(
  db: Queryable,
  ids: readonly Id[],
): Promise<VulnerabilityDetailRow[]> {
  if (ids.length === 0) return []
  const rows = await db.query<VulnerabilityDetailRow>(
    `SELECT ${DETAIL_SELECT} FROM ${DETAIL_FROM} WHERE v.id = ANY($1::bigint[])`,
    [ids],
  )
  const byId = new Map(rows.map((row) => [String(row.id), row]))
  return ids.flatMap((id) => byId.get(String(id)) ?? [])
}

export async function findVulnerabilityByUuid(db: Queryable, uuid: string) {
  const [row] = await db.query<VulnerabilityDetailRow>(
    `SELECT ${DETAIL_SELECT} FROM ${DETAIL_FROM} WHERE v.uuid = $1`,
    [uuid],
  )
  return row
}

export async function findVulnerabilityBySourceId(db: Queryable, source: string, vulnId: string) {
  const [row] = await db.query<VulnerabilityDetailRow>(
    `SELECT ${DETAIL_SELECT} FROM ${DETAIL_FROM} WHERE v.source = $1 AND v.vuln_id = $2`,
    [source, vulnId],
  )
  return row
}

/** SQL for each persistent Vulnerability field a client may sort by (over v and epss e). */
export const VULNERABILITY_SORT_COLUMNS: Record<string, string | null> = {
  id: 'v.id',
  uuid: 'v.uuid',
  vulnId: 'v.vuln_id',
  source: 'v.source',
  friendlyVulnId: 'v.friendly_vuln_id',
  title: 'v.title',
  subTitle: 'v.sub_title',
  description: 'v.description',
  detail: 'v.detail',
  recommendation: 'v.recommendation',
  references: 'v."references"',
  credits: 'v.credits',
  created: 'v.created',
  published: 'v.published',
  updated: 'v.updated',
  cwes: 'v.cwes',
  cvssV2BaseScore: 'v.cvss_v2_base_score',
  cvssV2ImpactSubScore: 'v.cvss_v2_impact_sub_score',
  cvssV2ExploitabilitySubScore: 'v.cvss_v2_exploitability_sub_score',
  cvssV2Vector: 'v.cvss_v2_vector',
  cvssV3BaseScore: 'v.cvss_v3_base_score',
  cvssV3ImpactSubScore: 'v.cvss_v3_impact_sub_score',
  cvssV3ExploitabilitySubScore: 'v.cvss_v3_exploitability_sub_score',
  cvssV3Vector: 'v.cvss_v3_vector',
  cvssV4Score: 'v.cvss_v4_score',
  cvssV4Vector: 'v.cvss_v4_vector',
  owaspRRLikelihoodScore: 'v.owasp_rr_likelihood_score',
  owaspRRTechnicalImpactScore: 'v.owasp_rr_technical_impact_score',
  owaspRRBusinessImpactScore: 'v.owasp_rr_business_impact_score',
  owaspRRVector: 'v.owasp_rr_vector',
  // By rank, so that descending puts CRITICAL first.
  severity: `CASE COALESCE(v.severity, 'UNASSIGNED') WHEN 'CRITICAL' THEN 5 WHEN 'HIGH' THEN 4
    WHEN 'MEDIUM' THEN 3 WHEN 'LOW' THEN 2 WHEN 'INFO' THEN 1 ELSE 0 END`,
  vulnerableVersions: 'v.vulnerable_versions',
  patchedVersions: 'v.patched_versions',
  epssScore: 'e.score',
  epssPercentile: 'e.percentile',
  vulnerableSoftware: null,
}

export interface VulnerabilityFilter {
  searchText?: string
  severities?: readonly string[]
  sources?: readonly string[]
  kevOnly?: boolean
  collapseAliases?: boolean
}

/** Ids of vulnerabilities CISA lists: NVD rows by id, other rows through a CVE alias. */
const KEV_VULNERABILITY_IDS = [
  `SELECT kv.id FROM known_exploited_vulnerability k
   JOIN vulnerability kv ON kv.source = 'NVD' AND kv.vuln_id = k.cve_id`,
  ...ALIAS_COLUMN_OF_SOURCE.filter(([source]) => source !== 'NVD').map(
    ([source, column]) =>
      `SELECT kv.id FROM known_exploited_vulnerability k
       JOIN vulnerability_alias a ON a.cve_id = k.cve_id
       JOIN vulnerability kv ON kv.source = '${source}' AND kv.vuln_id = a.${column}`,
  ),
].join(' UNION ALL ')

/** The filter's conditions over vulnerability alias `v`. */
function filterConditions(filter: VulnerabilityFilter, params: SqlParams, v: string) {
  const where: string[] = []
  if (filter.searchText !== undefined) {
    where.push(`strpos(lower(${v}.vuln_id), ${params.add(filter.searchText.toLowerCase())}) > 0`)
  }
  if (filter.severities?.length) {
    where.push(`COALESCE(${v}.severity, 'UNASSIGNED') = ANY(${params.add(filter.severities)})`)
  }
  if (filter.sources?.length) where.push(`${v}.source = ANY(${params.add(filter.sources)})`)
  if (filter.kevOnly) where.push(`${v}.id IN (${KEV_VULNERABILITY_IDS})`)
  return where
}

/**
 * Ids hidden by `collapseAliases`: within every alias row, each vulnerability that a
 * better-ranked one (among those the filter keeps) outranks.
 */
function collapsedIds(filter: VulnerabilityFilter, params: SqlParams) {
  const kept = filterConditions(filter, params, 'm')
  const keptSql = kept.length > 0 ? ` AND ${kept.join(' AND ')}` : ''
  const members = ALIAS_COLUMN_OF_SOURCE.map(
    ([source, column]) =>
      `SELECT a.id AS alias_id, m.id, ${COLLAPSE_RANK[source] ?? 3} AS rank
       FROM vulnerability_alias a
       JOIN vulnerability m ON m.source = '${source}' AND m.vuln_id = a.${column}${keptSql}`,
  ).join(' UNION ALL ')
  return `SELECT id FROM (
      SELECT id, row_number() OVER (PARTITION BY alias_id ORDER BY rank, id) AS position
      FROM (${members}) AS member
    ) AS ranked WHERE position > 1`
}

/**
 * One page of vulnerability ids matching the filter, and how many match, in one statement so
 * that the collapsed alias rows are worked out once.
 */
export async function pageOfVulnerabilityIds(
  db: Queryable,
  filter: VulnerabilityFilter,
  orderBy: string,
  page: Page,
) {
  const params = new SqlParams()
  const where = filterConditions(filter, params, 'v')
  const hidden = filter.collapseAliases
    ? `WITH hidden AS MATERIALIZED (${collapsedIds(filter, params)}) `
    : ''
  if (filter.collapseAliases) where.push('v.id NOT IN (SELECT id FROM hidden)')
  const condition = where.length > 0 ? where.join(' AND ') : 'TRUE'
  const epssJoin = orderBy.includes('e.')
    ? `LEFT JOIN epss_score e ON v.source = 'NVD' AND e.cve_id = v.vuln_id`
    : ''
  const limit = params.add(page.limit)
  const offset = params.add(page.offset)
  const [row] = await db.query<{ total: number; ids: Id[] }>(
    `${hidden}SELECT (SELECT count(*)::int FROM vulnerability v WHERE ${condition}) AS total,
       ARRAY(SELECT v.id FROM vulnerability v ${epssJoin} WHERE ${condition}
             ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}) AS ids`,
    params.values,
  )
  return { ids: row?.ids ?? [], total: Number(row?.total ?? 0) }
}

const NOT_SUPPRESSED = `NOT EXISTS (SELECT 1 FROM analysis an
  WHERE an.component_id = f.component_id AND an.vulnerability_id = f.vulnerability_id
    AND an.suppressed)`

/** One page of a component's vulnerability ids (suppressed ones only when asked). */
export async function pageOfComponentVulnerabilityIds(
  db: Queryable,
  componentId: Id,
  options: { includeSuppressed: boolean; searchText?: string },
  orderBy: string,
  page: Page,
) {
  const params = new SqlParams()
  const where = [`f.component_id = ${params.add(componentId)}`]
  if (!options.includeSuppressed) where.push(NOT_SUPPRESSED)
  where.push(...filterConditions({ searchText: options.searchText }, params, 'v'))
  const from = `FROM finding f JOIN vulnerability v ON v.id = f.vulnerability_id
    LEFT JOIN epss_score e ON v.source = 'NVD' AND e.cve_id = v.vuln_id
    WHERE ${where.join(' AND ')}`
  const [countRow] = await db.query<{ total: number }>(
    `SELECT count(*)::int AS total ${from}`,
    params.values,
  )
  const limit = params.add(page.limit)
  const offset = params.add(page.offset)
  const rows = await db.query<{ id: Id }>(
    `SELECT v.id ${from} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${offset}`,
    params.values,
  )
  return { ids: rows.map((row) => row.id), total: Number(countRow?.total ?? 0) }
}

/** Every (component, vulnerability) pair of a project, by component then vulnerability. */
export function projectFindingPairs(db: Queryable, projectId: Id, includeSuppressed: boolean) {
  return db.query<{ component_id: Id; vulnerability_id: Id }>(
    `SELECT f.component_id, f.vulnerability_id FROM finding f
     WHERE f.project_id = $1 ${includeSuppressed ? '' : `AND ${NOT_SUPPRESSED}`}
     ORDER BY f.component_id, f.vulnerability_id`,
    [projectId],
  )
}

export interface AffectedProjectCounts {
  vulnerability_id: Id
  total: number
  active: number
  inactive: number
}

/** Per vulnerability: the accessible projects with a finding that no analysis suppresses. */
export function affectedProjectCounts(
  db: Queryable,
  vulnerabilityIds: readonly Id[],
  access: ProjectAccess,
) {
  if (vulnerabilityIds.length === 0) return Promise.resolve([] as AffectedProjectCounts[])
  const params = new SqlParams()
  const ids = params.add(vulnerabilityIds)
  return db.query<AffectedProjectCounts>(
    `SELECT f.vulnerability_id, count(DISTINCT p.id)::int AS total,
       count(DISTINCT p.id) FILTER (WHERE p.active)::int AS active,
       count(DISTINCT p.id) FILTER (WHERE NOT p.active)::int AS inactive
     FROM finding f JOIN project p ON p.id = f.project_id
     WHERE f.vulnerability_id = ANY(${ids}::bigint[]) AND ${NOT_SUPPRESSED}
       AND ${params.access(access, 'p')}
     GROUP BY f.vulnerability_id`,
    params.values,
  )
}

export type AffectedComponentRow = ComponentRow & { finding_vulnerability_id: Id }

/** The components (in accessible projects) each vulnerability has a finding on. */
export function componentsOfVulnerabilities(
  db: Queryable,
  vulnerabilityIds: readonly Id[],
  access: ProjectAccess,
) {
  if (vulnerabilityIds.length === 0) return Promise.resolve([] as AffectedComponentRow[])
  const params = new SqlParams()
  const ids = params.add(vulnerabilityIds)
  return db.query<AffectedComponentRow>(
    `SELECT ${COMPONENT_ROW_COLUMNS}, f.vulnerability_id AS finding_vulnerability_id
     FROM finding f JOIN component c ON c.id = f.component_id JOIN project p ON p.id = c.project_id
     WHERE f.vulnerability_id = ANY(${ids}::bigint[]) AND ${params.access(access, 'p')}
     ORDER BY c.id`,
    params.values,
  )
}

export function componentsByIds(db: Queryable, ids: readonly Id[]) {
  if (ids.length === 0) return Promise.resolve([] as ComponentRow[])
  return db.query<ComponentRow>(
    `SELECT ${COMPONENT_ROW_COLUMNS} FROM component c WHERE c.id = ANY($1::bigint[])`,
    [ids],
  )
}

export type VulnerabilityAliasRow = AliasRow & { source: string; vuln_id: string }

/** The alias rows of each (source, vulnId) (4.13's getVulnerabilityAliases), oldest first. */
export function aliasesOf(
  db: Queryable,
  keys: readonly { source: string; vulnId: string }[],
): Promise<VulnerabilityAliasRow[]> {
  if (keys.length === 0) return Promise.resolve([])
  return db.query<VulnerabilityAliasRow>(
    `SELECT k.source, k.vuln_id, al.*
     FROM unnest($1::text[], $2::text[]) AS k(source, vuln_id)
     JOIN LATERAL (${aliasRowsOf('k', `a.id, a.uuid, ${ALIAS_COLUMNS.map((c) => `a.${c}`).join(', ')}`)}) al
       ON TRUE
     ORDER BY al.id`,
    [keys.map((key) => key.source), keys.map((key) => key.vulnId)],
  )
}

export interface AttributionJsonRow {
  uuid: string
  source: string
  firstSeen: number
  lastSeen: number
}

export type AffectedSoftwareRow = SoftwareValues & {
  id: Id
  uuid: string
  attributions: AttributionJsonRow[]
}

/** The software a vulnerability affects, each with the sources that report it. */
export function affectedSoftwareOf(db: Queryable, vulnerabilityId: Id) {
  return db.query<AffectedSoftwareRow>(
    `SELECT s.*, json_agg(json_build_object(
         'uuid', a.uuid, 'source', a.source,
         'firstSeen', floor(extract(epoch FROM a.first_seen) * 1000)::bigint,
         'lastSeen', floor(extract(epoch FROM a.last_seen) * 1000)::bigint) ORDER BY a.id)
       AS attributions
     FROM affected_version_attribution a JOIN vulnerable_software s ON s.id = a.vulnerable_software_id
     WHERE a.vulnerability_id = $1
     GROUP BY s.id ORDER BY min(a.id)`,
    [vulnerabilityId],
  )
}

export interface AffectedProjectRow {
  uuid: string
  name: string
  version: string | null
  active: boolean
  dependency_graph_available: boolean
  component_uuids: string[]
}

/** Accessible projects with a finding no analysis suppresses, with the affected components. */
export function affectedProjectsOf(
  db: Queryable,
  vulnerabilityId: Id,
  access: ProjectAccess,
  excludeInactive: boolean,
) {
  const params = new SqlParams()
  const id = params.add(vulnerabilityId)
  return db.query<AffectedProjectRow>(
    `SELECT p.uuid, p.name, p.version, p.active,
       p.direct_dependencies IS NOT NULL AS dependency_graph_available,
       array_agg(c.uuid::text ORDER BY c.uuid) AS component_uuids
     FROM finding f JOIN project p ON p.id = f.project_id JOIN component c ON c.id = f.component_id
     WHERE f.vulnerability_id = ${id} AND ${NOT_SUPPRESSED} AND ${params.access(access, 'p')}
       ${excludeInactive ? 'AND p.active' : ''}
     GROUP BY p.id ORDER BY p.name, p.version NULLS FIRST, p.id`,
    params.values,
  )
}

const quoted = (column: string) => (column === 'references' ? '"references"' : column)
const cast = (type: string) => (type === 'numeric' ? '::numeric' : `::${type}`)

/** Inserts a vulnerability unless (source, vulnId) exists; undefined when it does. */
export async function insertVulnerability(db: Queryable, values: VulnerabilityValues) {
  const columns = VULNERABILITY_COLUMNS.map(([column]) => quoted(column))
  const placeholders = VULNERABILITY_COLUMNS.map(([, type], i) => `$${i + 1}${cast(type)}`)
  const [row] = await db.query<{ id: Id; uuid: string }>(
    `INSERT INTO vulnerability (${columns.join(', ')}) VALUES (${placeholders.join(', ')})
     ON CONFLICT (source, vuln_id) DO NOTHING RETURNING id, uuid`,
    VULNERABILITY_COLUMNS.map(([column]) => values[column]),
  )
  return row
}

/** Overwrites every field of a stored vulnerability (not its identity). */
export async function updateVulnerability(db: Queryable, id: Id, values: VulnerabilityValues) {
  const writable = VULNERABILITY_COLUMNS.filter(([c]) => c !== 'source' && c !== 'vuln_id')
  const assignments = writable.map(
    ([column, type], i) => `${quoted(column)} = $${i + 2}${cast(type)}`,
  )
  await db.query(
    `UPDATE vulnerability SET ${assignments.join(', ')}, stored_at = now() WHERE id = $1`,
    [id, ...writable.map(([column]) => values[column])],
  )
}

export async function vulnerabilityHasFindings(db: Queryable, id: Id) {
  const rows = await db.query('SELECT 1 FROM finding WHERE vulnerability_id = $1 LIMIT 1', [id])
  return rows.length > 0
}

export async function deleteVulnerability(db: Queryable, id: Id) {
  await db.query('DELETE FROM vulnerability WHERE id = $1', [id])
}

/** Ids of the software a vulnerability links to. */
export async function softwareIdsOf(db: Queryable, vulnerabilityId: Id) {
  const rows = await db.query<{ id: Id }>(
    `SELECT DISTINCT vulnerable_software_id AS id FROM affected_version_attribution
     WHERE vulnerability_id = $1`,
    [vulnerabilityId],
  )
  return rows.map((row) => row.id)
}

/** Drops those of the given software rows that no vulnerability links to any more. */
export async function deleteUnlinkedSoftware(db: Queryable, ids: readonly Id[]) {
  if (ids.length === 0) return
  await db.query(
    `DELETE FROM vulnerable_software s WHERE s.id = ANY($1::bigint[])
     AND NOT EXISTS (SELECT 1 FROM affected_version_attribution a
                     WHERE a.vulnerable_software_id = s.id)`,
    [ids],
  )
}

export async function internalVulnIdExists(db: Queryable, vulnId: string) {
  const rows = await db.query(
    `SELECT 1 FROM vulnerability WHERE source = 'INTERNAL' AND vuln_id = $1`,
    [vulnId],
  )
  return rows.length > 0
}

/** Records a manual finding (analyzer identity NONE); nothing when it exists. */
export async function insertManualFinding(
  db: Queryable,
  component: { id: Id; project_id: Id },
  vulnerabilityId: Id,
) {
  await db.query(
    `INSERT INTO finding (project_id, component_id, vulnerability_id, analyzer_identity)
     VALUES ($1, $2, $3, 'NONE') ON CONFLICT (component_id, vulnerability_id) DO NOTHING`,
    [component.project_id, component.id, vulnerabilityId],
  )
}

export async function deleteFinding(db: Queryable, componentId: Id, vulnerabilityId: Id) {
  await db.query('DELETE FROM finding WHERE component_id = $1 AND vulnerability_id = $2', [
    componentId,
    vulnerabilityId,
  ])
}
