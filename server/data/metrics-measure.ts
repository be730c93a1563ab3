import type { RiskWeights } from '../../common/metrics-shapes.ts'
import type { Queryable } from '../db/database.ts'
import {
  aliasNames,
  aliasRowsNaming,
  COUNTER_COLUMNS,
  METRICS_LOCK_KEY,
  qualified,
  RISK_WEIGHT_ORDER,
  riskScore,
  severityLevel,
  summed,
} from './metrics-columns.ts'

/**
 * The metrics writers (dt-behaviour §4). Every count is one set-based statement over a batch of
 * projects; a run takes the metrics lock first (lockMetrics) and writes with the time it returns.
 */

const weightParams = (weights: RiskWeights) => RISK_WEIGHT_ORDER.map((bucket) => weights[bucket])

/** Waits for the metrics lock of this transaction; answers the database's clock once it holds it. */
export async function lockMetrics(tx: Queryable): Promise<Date> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [METRICS_LOCK_KEY])
  const [row] = await tx.query<{ now: Date }>('SELECT clock_timestamp() AS now')
  return new Date(row!.now)
}

const VIOLATION_TYPES = ['SECURITY', 'LICENSE', 'OPERATIONAL'] as const

/** Per violation type: total and audited; unaudited follows. */
const violationTypeCounts = VIOLATION_TYPES.map((type) => {
  const name = `policy_violations_${type.toLowerCase()}`
  return `count(*) FILTER (WHERE x.type = '${type}')::int AS ${name}_total,
    count(*) FILTER (WHERE x.type = '${type}' AND x.audited)::int AS ${name}_audited`
}).join(',\n    ')

const violationTypeColumns = VIOLATION_TYPES.map((type) => {
  const name = `vi.policy_violations_${type.toLowerCase()}`
  return `COALESCE(${name}_total, 0) AS policy_violations_${type.toLowerCase()}_total,
    COALESCE(${name}_audited, 0) AS policy_violations_${type.toLowerCase()}_audited,
    COALESCE(${name}_total - ${name}_audited, 0) AS policy_violations_${type.toLowerCase()}_unaudited`
}).join(',\n    ')

/**
 * The counters of every component of the projects $1 (§4.2), weights $2–$6. A finding counts
 * when its analysis is not suppressed; among a component's findings, one whose vulnerability is an
 * alias of another counted finding of higher severity (or equal severity and older) is left out,
 * so each flaw counts once, at its highest severity. INFO counts as low. Audited findings are the
 * counted ones with a state other than NOT_SET and IN_TRIAGE; suppressed ones are the component's
 * findings with a suppressed analysis. Violations count unless suppressed, by the state of their
 * policy and by type; audited ones have an analysis state other than NOT_SET.
 */
const COMPONENT_COUNTS = `
fv AS (
  SELECT f.component_id, f.vulnerability_id, v.source, v.vuln_id, an.state,
    ${severityLevel('v')} AS level
  FROM finding f
  JOIN vulnerability v ON v.id = f.vulnerability_id
  LEFT JOIN analysis an
    ON an.component_id = f.component_id AND an.vulnerability_id = f.vulnerability_id
  WHERE f.project_id = ANY($1::bigint[]) AND NOT COALESCE(an.suppressed, false)
),
several AS (SELECT component_id FROM fv GROUP BY component_id HAVING count(*) > 1),
outranked AS (
  SELECT DISTINCT m.component_id, m.vulnerability_id
  FROM fv m
  JOIN several s ON s.component_id = m.component_id
  CROSS JOIN LATERAL (${aliasRowsNaming('m')}) a
  JOIN fv w ON w.component_id = m.component_id
    AND (w.level > m.level OR (w.level = m.level AND w.vulnerability_id < m.vulnerability_id))
    AND ${aliasNames('a', 'w')}
),
vulns AS (
  SELECT fv.component_id,
    count(*) FILTER (WHERE fv.level = 5)::int AS critical,
    count(*) FILTER (WHERE fv.level = 4)::int AS high,
    count(*) FILTER (WHERE fv.level = 3)::int AS medium,
    count(*) FILTER (WHERE fv.level IN (1, 2))::int AS low,
    count(*) FILTER (WHERE fv.level = 0)::int AS unassigned,
    count(*)::int AS vulnerabilities,
    count(*) FILTER (WHERE fv.state NOT IN ('NOT_SET', 'IN_TRIAGE'))::int AS audited
  FROM fv
  WHERE NOT EXISTS (SELECT 1 FROM outranked o
    WHERE o.component_id = fv.component_id AND o.vulnerability_id = fv.vulnerability_id)
  GROUP BY fv.component_id
),
suppressions AS (
  SELECT f.component_id, count(*)::int AS suppressed
  FROM finding f
  JOIN analysis an ON an.component_id = f.component_id AND an.vulnerability_id = f.vulnerability_id
  WHERE f.project_id = ANY($1::bigint[]) AND an.suppressed
  GROUP BY f.component_id
),
violations AS (
  SELECT x.component_id,
    count(*) FILTER (WHERE x.state = 'FAIL')::int AS policy_violations_fail,
    count(*) FILTER (WHERE x.state = 'WARN')::int AS policy_violations_warn,
    count(*) FILTER (WHERE x.state = 'INFO')::int AS policy_violations_info,
    count(*)::int AS policy_violations_total,
    count(*) FILTER (WHERE x.audited)::int AS policy_violations_audited,
    ${violationTypeCounts}
  FROM (
    SELECT pv.component_id, pv.type, po.violation_state AS state,
      COALESCE(va.state, 'NOT_SET') <> 'NOT_SET' AS audited
    FROM policy_violation pv
    JOIN policy_condition pc ON pc.id = pv.policy_condition_id
    JOIN policy po ON po.id = pc.policy_id
    LEFT JOIN violation_analysis va ON va.policy_violation_id = pv.id
    WHERE pv.project_id = ANY($1::bigint[]) AND NOT COALESCE(va.suppressed, false)
  ) x
  GROUP BY x.component_id
),
-- The components whose counters may differ from zero now or at their last measurement, and
-- those never measured: every other one counts nothing, as its current row says.
touched AS MATERIALIZED (
  SELECT component_id FROM vulns UNION SELECT component_id FROM suppressions
  UNION SELECT component_id FROM violations
  UNION SELECT d.component_id FROM dependency_metrics d
    WHERE d.project_id = ANY($1::bigint[]) AND d.last_occurrence IS NULL
      AND (d.vulnerabilities > 0 OR d.suppressed > 0 OR d.policy_violations_total > 0)
  UNION SELECT c.id FROM component c
    WHERE c.project_id = ANY($1::bigint[]) AND NOT EXISTS (SELECT 1 FROM dependency_metrics d
      WHERE d.project_id = ANY($1::bigint[]) AND d.last_occurrence IS NULL
        AND d.component_id = c.id)
),
counts AS (
  SELECT c.id AS component_id, c.project_id, c.last_inherited_risk_score AS old_score,
    COALESCE(vu.critical, 0) AS critical, COALESCE(vu.high, 0) AS high,
    COALESCE(vu.medium, 0) AS medium, COALESCE(vu.low, 0) AS low,
    COALESCE(vu.unassigned, 0) AS unassigned, COALESCE(vu.vulnerabilities, 0) AS vulnerabilities,
    COALESCE(su.suppressed, 0) AS suppressed,
    COALESCE(vu.vulnerabilities, 0) AS findings_total,
    COALESCE(vu.audited, 0) AS findings_audited,
    COALESCE(vu.vulnerabilities - vu.audited, 0) AS findings_unaudited,
    COALESCE(vi.policy_violations_fail, 0) AS policy_violations_fail,
    COALESCE(vi.policy_violations_warn, 0) AS policy_violations_warn,
    COALESCE(vi.policy_violations_info, 0) AS policy_violations_info,
    COALESCE(vi.policy_violations_total, 0) AS policy_violations_total,
    COALESCE(vi.policy_violations_audited, 0) AS policy_violations_audited,
    COALESCE(vi.policy_violations_total - vi.policy_violations_audited, 0)
      AS policy_violations_unaudited,
    ${violationTypeColumns}
  FROM touched
  JOIN component c ON c.id = touched.component_id
  LEFT JOIN vulns vu ON vu.component_id = c.id
  LEFT JOIN suppressions su ON su.component_id = c.id
  LEFT JOIN violations vi ON vi.component_id = c.id
),
scored AS (SELECT counts.*, (${riskScore('counts', 2)}) AS score FROM counts)`


const rowOf = (alias: string, score: string) =>
  `ROW(${qualified(alias, COUNTER_COLUMNS)}, ${alias}.${score})`

/**
 * Measures the components of the projects (§4.2) at `at`. A component whose counters equal its
 * current row's keeps that row (nothing is written); otherwise the current row ends at the
 * project's previous measurement and a new one starts. Components whose risk score changed get
 * it as lastInheritedRiskScore (a score of 0 is not written over an absent one). Answers how many
 * rows it wrote.
 */
export async function measureComponents(
  tx: Queryable,
  projectIds: readonly number[],
  weights: RiskWeights,
  at: Date,
): Promise<number> {
  const rows = await tx.query<{ rows: number }>(
    `WITH ${COMPONENT_COUNTS},
    changed AS (
      SELECT k.*, d.id AS current_id FROM scored k
      LEFT JOIN dependency_metrics d ON d.project_id = ANY($1::bigint[])
        AND d.last_occurrence IS NULL AND d.component_id = k.component_id
      WHERE d.id IS NULL
        OR ${rowOf('d', 'inherited_risk_score')} IS DISTINCT FROM ${rowOf('k', 'score')}
    ),
    measured AS (
      SELECT project_id, max(last_occurrence) AS at FROM project_metrics
      WHERE project_id = ANY($1::bigint[]) GROUP BY project_id
    ),
    closed AS (
      UPDATE dependency_metrics d
      SET last_occurrence = GREATEST(d.first_occurrence, COALESCE(m.at, d.first_occurrence))
      FROM changed k LEFT JOIN measured m ON m.project_id = k.project_id
      WHERE d.id = k.current_id
      RETURNING d.id
    ),
    scores AS (
      UPDATE component c SET last_inherited_risk_score = k.score
      FROM changed k
      WHERE c.project_id = ANY($1::bigint[]) AND c.id = k.component_id
        AND COALESCE(k.old_score, 0) <> k.score
      RETURNING c.id
    ),
    written AS (
      INSERT INTO dependency_metrics
        (component_id, project_id, ${COUNTER_COLUMNS.join(', ')}, inherited_risk_score,
         first_occurrence)
      SELECT k.component_id, k.project_id, ${qualified('k', COUNTER_COLUMNS)}, k.score, $7
      FROM changed k
      RETURNING 1
    )
    SELECT count(*)::int AS rows FROM written`,
    [projectIds, ...weightParams(weights), at],
  )
  return rows[0]!.rows
}

const PROJECT_COLUMNS = ['components', 'vulnerable_components', ...COUNTER_COLUMNS]

const latestProjectRow = (projectId: string) =>
  `SELECT pm.* FROM project_metrics pm WHERE pm.project_id = ${projectId}
   ORDER BY pm.last_occurrence DESC, pm.id DESC LIMIT 1`

/**
 * Writes project rows from CTE `scored` (project_id, collection_logic, the project columns,
 * score) at $7: the newest row of a project with the same values only moves its last_occurrence;
 * a change (or a changed collection logic) adds a row. A changed score becomes the project's
 * lastInheritedRiskScore (0 is not written over an absent one). Answers the projects that got a
 * new row.
 */
async function writeProjectRows(tx: Queryable, withScored: string, params: unknown[]) {
  const same = (alias: string, score: string) =>
    `ROW(${qualified(alias, PROJECT_COLUMNS)}, ${alias}.${score}, ${alias}.collection_logic)`
  const rows = await tx.query<{ project_id: number }>(
    `WITH ${withScored},
    latest AS (
      SELECT l.* FROM scored k CROSS JOIN LATERAL (${latestProjectRow('k.project_id')}) l
    ),
    unchanged AS (
      UPDATE project_metrics pm SET last_occurrence = $7
      FROM scored k JOIN latest l ON l.project_id = k.project_id
      WHERE pm.id = l.id
        AND ${same('l', 'inherited_risk_score')} IS NOT DISTINCT FROM ${same('k', 'score')}
      RETURNING pm.project_id
    ),
    scores AS (
      UPDATE project p SET last_inherited_risk_score = k.score
      FROM scored k
      WHERE p.id = k.project_id AND COALESCE(p.last_inherited_risk_score, 0) <> k.score
      RETURNING p.id
    )
    INSERT INTO project_metrics
      (project_id, ${PROJECT_COLUMNS.join(', ')}, inherited_risk_score, collection_logic,
       collection_logic_changed, first_occurrence, last_occurrence)
    SELECT k.project_id, ${qualified('k', PROJECT_COLUMNS)}, k.score, k.collection_logic,
      l.id IS NOT NULL AND l.collection_logic IS DISTINCT FROM k.collection_logic, $7, $7
    FROM scored k LEFT JOIN latest l ON l.project_id = k.project_id
    WHERE k.project_id NOT IN (SELECT project_id FROM unchanged)
    RETURNING project_id`,
    params,
  )
  return rows.map((row) => Number(row.project_id))
}

/**
 * Project rows of projects $1 that hold components (§4.3): the sums of their components' current
 * rows (those counting something), the number of components and of those with a vulnerability.
 * Run after measureComponents.
 */
export function measureProjects(
  tx: Queryable,
  projectIds: readonly number[],
  weights: RiskWeights,
  at: Date,
) {
  return writeProjectRows(
    tx,
    `agg AS (
      SELECT p.id AS project_id, p.collection_logic,
        (SELECT count(*) FROM component c WHERE c.project_id = p.id)::int AS components,
        count(d.id) FILTER (WHERE d.vulnerabilities > 0)::int AS vulnerable_components,
        ${summed('d', COUNTER_COLUMNS)}
      FROM project p
      LEFT JOIN dependency_metrics d ON d.project_id = p.id AND d.last_occurrence IS NULL
        AND (d.vulnerabilities > 0 OR d.suppressed > 0 OR d.policy_violations_total > 0)
      WHERE p.id = ANY($1::bigint[])
      GROUP BY p.id, p.collection_logic
    ),
    scored AS (SELECT agg.*, (${riskScore('agg', 2)}) AS score FROM agg)`,
    [projectIds, ...weightParams(weights), at],
  )
}

/**
 * Rows of collection projects $1 (§4.3): the sums of the newest rows of their active direct
 * children, all of them, those with the collection tag (none without a tag) or the latest
 * versions. Children that are collections give their own sums, so callers go deepest first.
 */
export function measureCollections(
  tx: Queryable,
  projectIds: readonly number[],
  weights: RiskWeights,
  at: Date,
) {
  return writeProjectRows(
    tx,
    `coll AS (
      SELECT p.id, p.collection_logic, p.collection_tag_id FROM project p
      WHERE p.id = ANY($1::bigint[]) AND p.collection_logic IS NOT NULL
    ),
    kids AS (
      SELECT coll.id AS parent_id, ch.id AS child_id
      FROM coll JOIN project ch ON ch.parent_id = coll.id
      WHERE ch.active AND CASE coll.collection_logic
        WHEN 'AGGREGATE_DIRECT_CHILDREN' THEN true
        WHEN 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG' THEN EXISTS (SELECT 1 FROM project_tag pt
          WHERE pt.project_id = ch.id AND pt.tag_id = coll.collection_tag_id)
        WHEN 'AGGREGATE_LATEST_VERSION_CHILDREN' THEN ch.is_latest
        ELSE false END
    ),
    child AS (
      SELECT kids.parent_id, l.* FROM kids
      CROSS JOIN LATERAL (${latestProjectRow('kids.child_id')}) l
    ),
    agg AS (
      SELECT coll.id AS project_id, coll.collection_logic, ${summed('child', PROJECT_COLUMNS)}
      FROM coll LEFT JOIN child ON child.parent_id = coll.id
      GROUP BY coll.id, coll.collection_logic
    ),
    scored AS (SELECT agg.*, (${riskScore('agg', 2)}) AS score FROM agg)`,
    [projectIds, ...weightParams(weights), at],
  )
}

const PORTFOLIO_COLUMNS = [
  'projects',
  'vulnerable_projects',
  'components',
  'vulnerable_components',
  ...COUNTER_COLUMNS,
]

/**
 * The portfolio row (§4.4): the newest rows of the active projects that are not collections
 * summed; projects counts them all (with or without a row yet), vulnerableProjects those with a
 * vulnerability. Same values as the newest row: only its last_occurrence moves.
 */
export async function measurePortfolio(tx: Queryable, weights: RiskWeights, at: Date) {
  const same = (alias: string, score: string) =>
    `ROW(${qualified(alias, PORTFOLIO_COLUMNS)}, ${alias}.${score})`
  await tx.query(
    `WITH scope AS (SELECT id FROM project WHERE active AND collection_logic IS NULL),
    latest AS (SELECT l.* FROM scope CROSS JOIN LATERAL (${latestProjectRow('scope.id')}) l),
    agg AS (
      SELECT (SELECT count(*) FROM scope)::int AS projects,
        count(*) FILTER (WHERE latest.vulnerabilities > 0)::int AS vulnerable_projects,
        ${summed('latest', ['components', 'vulnerable_components', ...COUNTER_COLUMNS])}
      FROM latest
    ),
    scored AS (SELECT agg.*, (${riskScore('agg', 1)}) AS score FROM agg),
    previous AS (
      SELECT * FROM portfolio_metrics ORDER BY last_occurrence DESC, id DESC LIMIT 1
    ),
    unchanged AS (
      UPDATE portfolio_metrics pm SET last_occurrence = $6
      FROM scored k, previous l
      WHERE pm.id = l.id
        AND ${same('l', 'inherited_risk_score')} IS NOT DISTINCT FROM ${same('k', 'score')}
      RETURNING pm.id
    )
    INSERT INTO portfolio_metrics
      (${PORTFOLIO_COLUMNS.join(', ')}, inherited_risk_score, first_occurrence, last_occurrence)
    SELECT ${qualified('k', PORTFOLIO_COLUMNS)}, k.score, $6, $6
    FROM scored k WHERE NOT EXISTS (SELECT 1 FROM unchanged)`,
    [...weightParams(weights), at],
  )
}

/**
 * Vulnerabilities of the catalogue by year and month of creation (publication when the creation
 * date is unknown), plus each year's total (month NULL); replaces the previous counts (§4.4).
 */
export async function replaceVulnerabilityMetrics(tx: Queryable, at: Date) {
  await tx.query('DELETE FROM vulnerability_metrics')
  await tx.query(
    `INSERT INTO vulnerability_metrics (year, month, count, measured_at)
     SELECT year, month, count(*)::int, $1
     FROM (
       SELECT extract(year FROM d)::int AS year, extract(month FROM d)::int AS month
       FROM (SELECT COALESCE(created, published) AT TIME ZONE 'UTC' AS d FROM vulnerability) x
       WHERE d IS NOT NULL
     ) y
     GROUP BY GROUPING SETS ((year, month), (year))`,
    [at],
  )
}

export interface MeasurableProject {
  id: number
  components: number
}

/**
 * Projects that hold components (not collections) after `afterId`, in id order, with their size
 * as last measured (counted when never measured): batches need sizes, not exact ones.
 */
export async function measurableProjectsAfter(
  db: Queryable,
  afterId: number,
  limit: number,
  includeInactive: boolean,
): Promise<MeasurableProject[]> {
  const rows = await db.query<{ id: string; components: number }>(
    `SELECT p.id, COALESCE((SELECT pm.components FROM project_metrics pm
         WHERE pm.project_id = p.id ORDER BY pm.last_occurrence DESC, pm.id DESC LIMIT 1),
       (SELECT count(*) FROM component c WHERE c.project_id = p.id))::int AS components
     FROM project p
     WHERE p.collection_logic IS NULL AND ($3 OR p.active) AND p.id > $1
     ORDER BY p.id LIMIT $2`,
    [afterId, limit, includeInactive],
  )
  return rows.map((row) => ({ id: Number(row.id), components: row.components }))
}

/** Collection projects, deepest first (a collection may aggregate collections). */
export async function collectionsDeepestFirst(db: Queryable) {
  const rows = await db.query<{ id: string; depth: number }>(
    `WITH RECURSIVE tree AS (
       SELECT id, 0 AS depth FROM project WHERE parent_id IS NULL
       UNION ALL
       SELECT p.id, t.depth + 1 FROM project p JOIN tree t ON p.parent_id = t.id
       WHERE t.depth < 100
     )
     SELECT t.id, t.depth FROM tree t JOIN project p ON p.id = t.id
     WHERE p.collection_logic IS NOT NULL
     ORDER BY t.depth DESC, t.id`,
  )
  return rows.map((row) => ({ id: Number(row.id), depth: row.depth }))
}

/** What a project's run needs to know: whether it aggregates children. */
export async function findMeasuredProject(db: Queryable, projectId: number) {
  const rows = await db.query<{ id: string; collection_logic: string | null }>(
    'SELECT id, collection_logic FROM project WHERE id = $1',
    [projectId],
  )
  const row = rows[0]
  return row && { id: Number(row.id), isCollection: row.collection_logic !== null }
}

/** The database's clock (audit decisions compare analysis times with it). */
export async function databaseNow(db: Queryable): Promise<Date> {
  const [row] = await db.query<{ now: Date }>('SELECT clock_timestamp() AS now')
  return new Date(row!.now)
}

/** Projects whose analyses were written since `since`. */
export async function projectsAuditedSince(db: Queryable, since: Date) {
  const rows = await db.query<{ project_id: string }>(
    'SELECT DISTINCT project_id FROM analysis WHERE updated_at >= $1',
    [since],
  )
  return rows.map((row) => Number(row.project_id))
}

export async function projectOfComponent(db: Queryable, componentId: number) {
  const rows = await db.query<{ project_id: string }>(
    'SELECT project_id FROM component WHERE id = $1',
    [componentId],
  )
  return rows[0] && Number(rows[0].project_id)
}

/** The version `version` of the project `uuid` (a clone of it), if it exists. */
export async function findVersionOf(db: Queryable, uuid: string, version: string | null) {
  const rows = await db.query<{ id: string }>(
    `SELECT v.id FROM project s JOIN project v ON v.name = s.name
     WHERE s.uuid = $1 AND COALESCE(v.version, '') = COALESCE($2, '')`,
    [uuid, version],
  )
  return rows[0] && Number(rows[0].id)
}

/** PGlite runs no autovacuum: a full run leaves fresh statistics for the plans of the next ones. */
export async function analyzeMetricsTables(db: Queryable) {
  await db.query('ANALYZE dependency_metrics, project_metrics, portfolio_metrics')
}

/**
 * Statistics that still describe a much smaller component table lead the planner to scan it in a
 * loop (quadratic); once `written` rows outgrow what the statistics know, they are taken again.
 */
export async function analyzeComponentRowsIfGrown(db: Queryable, written: number) {
  if (written < 1000) return false
  const [row] = await db.query<{ known: number }>(
    `SELECT GREATEST(reltuples, 0)::float8 AS known FROM pg_class
     WHERE oid = 'dependency_metrics'::regclass`,
  )
  if (written < (row?.known ?? 0)) return false
  await db.query('ANALYZE dependency_metrics')
  return true
}
