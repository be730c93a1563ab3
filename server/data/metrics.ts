import type { Queryable } from '../db/database.ts'
import {
  COUNTER_COLUMNS,
  countersAsJsonNames,
  type DependencyMetricsRow,
  type PortfolioMetricsRow,
  type ProjectMetricsRow,
  type VulnerabilityMetricsRow,
} from './metrics-columns.ts'
import { accessCondition, type ProjectAccess } from './project-access.ts'

/** Reads of the metrics history (dt-api-portfolio §4.18); rows ascend by lastOccurrence. */

const PROJECT_SELECT = `pm.project_id, pm.components, pm.vulnerable_components,
  ${countersAsJsonNames('pm')}, pm.inherited_risk_score, pm.collection_logic,
  pm.collection_logic_changed, pm.first_occurrence, pm.last_occurrence`

const number = <Row extends { project_id: number }>(row: Row) => ({
  ...row,
  project_id: Number(row.project_id),
})

export async function projectMetricsSince(db: Queryable, projectId: number, since: Date) {
  const rows = await db.query<ProjectMetricsRow>(
    `SELECT ${PROJECT_SELECT} FROM project_metrics pm
     WHERE pm.project_id = $1 AND pm.last_occurrence >= $2
     ORDER BY pm.last_occurrence, pm.id`,
    [projectId, since],
  )
  return rows.map(number)
}

/** The newest row of each project that has one. */
export async function latestProjectMetrics(db: Queryable, projectIds: readonly number[]) {
  if (projectIds.length === 0) return new Map<number, ProjectMetricsRow>()
  const rows = await db.query<ProjectMetricsRow>(
    `SELECT ${PROJECT_SELECT} FROM unnest($1::bigint[]) AS ids(id)
     CROSS JOIN LATERAL (SELECT * FROM project_metrics x WHERE x.project_id = ids.id
       ORDER BY x.last_occurrence DESC, x.id DESC LIMIT 1) pm`,
    [projectIds],
  )
  return new Map(rows.map((row) => [Number(row.project_id), number(row)]))
}

/**
 * A component row's interval: the current row (last_occurrence NULL) lasts until the project's
 * components were last measured, the last_occurrence of the project's newest row.
 */
const DEPENDENCY_SELECT = `d.component_id, ${countersAsJsonNames('d')},
  d.inherited_risk_score, d.first_occurrence,
  GREATEST(d.first_occurrence, COALESCE(d.last_occurrence, (SELECT max(pm.last_occurrence)
    FROM project_metrics pm WHERE pm.project_id = d.project_id))) AS last_occurrence`

export function dependencyMetricsSince(db: Queryable, componentId: number, since: Date) {
  return db.query<DependencyMetricsRow>(
    `SELECT * FROM (SELECT ${DEPENDENCY_SELECT}, d.id FROM dependency_metrics d
       WHERE d.component_id = $1) x
     WHERE x.last_occurrence >= $2 ORDER BY x.last_occurrence, x.id`,
    [componentId, since],
  )
}

/** The current row of each component that has one. */
export async function currentDependencyMetrics(db: Queryable, componentIds: readonly number[]) {
  if (componentIds.length === 0) return new Map<number, DependencyMetricsRow>()
  const rows = await db.query<DependencyMetricsRow & { component_id: number }>(
    `SELECT ${DEPENDENCY_SELECT} FROM dependency_metrics d
     WHERE d.component_id = ANY($1::bigint[]) AND d.last_occurrence IS NULL`,
    [componentIds],
  )
  return new Map(rows.map((row) => [Number(row.component_id), row]))
}

const PORTFOLIO_SELECT = `x.projects, x.vulnerable_projects, x.components, x.vulnerable_components,
  ${countersAsJsonNames('x')}, x.inherited_risk_score, x.first_occurrence, x.last_occurrence`

export function portfolioMetricsSince(db: Queryable, since: Date) {
  return db.query<PortfolioMetricsRow>(
    `SELECT ${PORTFOLIO_SELECT} FROM portfolio_metrics x WHERE x.last_occurrence >= $1
     ORDER BY x.last_occurrence, x.id`,
    [since],
  )
}

export async function latestPortfolioMetrics(db: Queryable) {
  const rows = await db.query<PortfolioMetricsRow>(
    `SELECT ${PORTFOLIO_SELECT} FROM portfolio_metrics x
     ORDER BY x.last_occurrence DESC, x.id DESC LIMIT 1`,
  )
  return rows[0]
}

export function vulnerabilityMetrics(db: Queryable) {
  return db.query<VulnerabilityMetricsRow>(
    'SELECT year, month, count, measured_at FROM vulnerability_metrics ORDER BY year, month',
  )
}

export interface PortfolioScope {
  access: ProjectAccess
  onlyLatest: boolean
}

const SUMMED = ['components', 'vulnerable_components', ...COUNTER_COLUMNS]

/**
 * The portfolio over the projects of a scope (active projects that are not collections, those the
 * principal may see, optionally only latest versions), from their project rows: each project row
 * adds its difference to the project's previous row at its first_occurrence, so the running sum
 * of the differences is the portfolio after each change. A state lasts until the next change
 * (the last one until the newest measurement). States that end before `since` are left out;
 * `latest` answers only the newest state.
 */
export async function scopedPortfolioMetrics(
  db: Queryable,
  scope: PortfolioScope,
  since: Date,
  latest: boolean,
) {
  const access = accessCondition(scope.access, 'p', 3)
  const delta = (column: string) => `r.${column} - COALESCE(lag(r.${column}) OVER w, 0)`
  const deltas = [
    'CASE WHEN lag(r.id) OVER w IS NULL THEN 1 ELSE 0 END AS projects',
    `${delta('vulnerable')} AS vulnerable_projects`,
    ...[...SUMMED, 'inherited_risk_score'].map((column) => `${delta(column)} AS ${column}`),
  ]
  const all = ['projects', 'vulnerable_projects', ...SUMMED]
  const rows = await db.query<PortfolioMetricsRow>(
    `WITH scope AS (
       SELECT p.id FROM project p
       WHERE p.active AND p.collection_logic IS NULL AND (NOT $2 OR p.is_latest) AND ${access.sql}
     ),
     r AS (
       SELECT pm.*, (pm.vulnerabilities > 0)::int AS vulnerable
       FROM project_metrics pm JOIN scope ON scope.id = pm.project_id
     ),
     d AS (
       SELECT r.first_occurrence AS t, ${deltas.join(', ')}
       FROM r WINDOW w AS (PARTITION BY r.project_id ORDER BY r.first_occurrence, r.id)
     ),
     changes AS (
       SELECT t, ${[...all, 'inherited_risk_score'].map((c) => `sum(${c}) AS ${c}`).join(', ')}
       FROM d GROUP BY t
     ),
     states AS (
       SELECT t AS first_occurrence,
         ${all.map((c) => `(sum(${c}) OVER o)::int AS ${c}`).join(', ')},
         (sum(inherited_risk_score) OVER o)::float8 AS inherited_risk_score,
         COALESCE(lead(t) OVER (ORDER BY t), (SELECT max(last_occurrence) FROM r))
           AS last_occurrence
       FROM changes
       WHERE ${[...all, 'inherited_risk_score'].map((c) => `${c} <> 0`).join(' OR ')}
       WINDOW o AS (ORDER BY t ROWS UNBOUNDED PRECEDING)
     )
     SELECT ${PORTFOLIO_SELECT} FROM states x WHERE x.last_occurrence >= $1
     ORDER BY x.first_occurrence ${latest ? "DESC LIMIT 1" : ""}`,
    [latest ? new Date(0) : since, scope.onlyLatest, ...access.params],
  )
  return rows
}
