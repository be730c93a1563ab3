import type { RiskWeights } from '../../common/metrics-shapes.ts'
import type { Queryable } from '../db/database.ts'
import {
  COUNTER_COLUMNS,
  METRICS_LOCK_KEY,
  qualified,
  riskScore,
  summed,
  weightParams,
} from './metrics-columns.ts'

/**
 * The metrics writers of projects, collections, the portfolio and the catalogue (dt-behaviour
 * §4); components are in metrics-components.ts. Every count is one set-based statement over a
 * batch of projects; a run takes the metrics lock first (lockMetrics) and writes with the time
 * it returns.
 */

/** Waits for the metrics lock of this transaction; answers the database's clock once it holds it. */
export async function lockMetrics(tx: Queryable): Promise<Date> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [METRICS_LOCK_KEY])
  const [row] = await tx.query<{ now: Date }>('SELECT clock_timestamp() AS now')
  return new Date(row!.now)
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

/** PGlite runs no autovacuum: a full run leaves fresh statistics for the plans of the next ones. */
export async function analyzeMetricsTables(db: Queryable) {
  await db.query('ANALYZE dependency_metrics, project_metrics, portfolio_metrics')
}
