import type { RiskWeights } from '../../common/metrics-shapes.ts'
import type { Queryable } from '../db/database.ts'
import {
  aliasNames,
  aliasRowsNaming,
  COUNTER_COLUMNS,
  qualified,
  riskScore,
  severityLevel,
  weightParams,
} from './metrics-columns.ts'

/**
 * The component counters (dt-behaviour §4.2): one statement counts and writes the components of a
 * batch of projects. Run inside a transaction holding the metrics lock (metrics-measure.ts).
 */

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
