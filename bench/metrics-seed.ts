/*
 * The metrics benchmark's portfolio, written set-based and deterministic: N projects (five
 * versions per name, the last one latest, one in twenty inactive) under one collection project
 * per hundred (the three logics in turn, a third of the children tagged), M components spread
 * evenly, 30,000 vulnerabilities (NVD, GitHub and OSV in turn, each CVE aliased to the GitHub id
 * after it, severities including INFO and unassigned), findings on one component in twenty (one
 * to three, the aliased pair among them), analyses (audited, suppressed), six policies and
 * violations on one component in fifty, a quarter of them audited.
 */
import type { Queryable } from '../server/db/database.ts'

const VULNERABILITIES = 30_000
const COMPONENT_CHUNK = 100_000

export async function seedPortfolio(db: Queryable, projects: number, components: number) {
  await db.query(
    `INSERT INTO project (name, version, active, is_latest)
     SELECT 'bench-' || (i / 5), '1.' || (i % 5), i % 20 <> 7, i % 5 = 4
     FROM generate_series(0, $1 - 1) AS i`,
    [projects],
  )
  await seedCollections(db, projects)
  const perProject = Math.max(1, Math.round(components / projects))
  const [range] = await db.query<{ first: number; last: number }>(
    `SELECT min(id)::int AS first, max(id)::int AS last FROM project WHERE collection_logic IS NULL`,
  )
  const step = Math.max(1, Math.floor(COMPONENT_CHUNK / perProject))
  for (let from = range!.first; from <= range!.last; from += step) {
    await db.query(
      `INSERT INTO component (project_id, name, version, purl)
       SELECT p.id, 'pkg-' || n, '1.' || (k % 9), 'pkg:npm/pkg-' || n || '@1.' || (k % 9)
       FROM project p CROSS JOIN generate_series(0, $3 - 1) AS k,
         LATERAL (SELECT (p.id * 31 + k * 7) % 50000 AS n) AS x
       WHERE p.collection_logic IS NULL AND p.id BETWEEN $1 AND $2`,
      [from, from + step - 1, perProject],
    )
  }
  await seedVulnerabilities(db)
  await seedViolations(db)
}

async function seedCollections(db: Queryable, projects: number) {
  const [tag] = await db.query<{ id: number }>(
    `INSERT INTO tag (name) VALUES ('bench-release') RETURNING id::int`,
  )
  await db.query(
    `INSERT INTO project (name, version, collection_logic, collection_tag_id)
     SELECT 'bench-collection-' || i, '1',
       (ARRAY['AGGREGATE_DIRECT_CHILDREN', 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG',
              'AGGREGATE_LATEST_VERSION_CHILDREN'])[1 + i % 3], $2
     FROM generate_series(0, $1 - 1) AS i`,
    [Math.max(1, Math.floor(projects / 100)), tag!.id],
  )
  await db.query(
    `WITH kids AS (
       SELECT id, (row_number() OVER (ORDER BY id) - 1) / 100 AS k FROM project
       WHERE collection_logic IS NULL),
     parents AS (
       SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM project
       WHERE collection_logic IS NOT NULL)
     UPDATE project p SET parent_id = parents.id FROM kids JOIN parents USING (k)
     WHERE p.id = kids.id`,
  )
  await db.query(
    `INSERT INTO project_tag (project_id, tag_id)
     SELECT id, $1 FROM project WHERE collection_logic IS NULL AND id % 3 = 0`,
    [tag!.id],
  )
}

async function seedVulnerabilities(db: Queryable) {
  await db.query(
    `INSERT INTO vulnerability (vuln_id, source, severity, cvss_v3_base_score)
     SELECT (ARRAY['CVE-2024-', 'GHSA-bench-', 'OSV-bench-'])[1 + i % 3] || i,
       (ARRAY['NVD', 'GITHUB', 'OSV'])[1 + i % 3],
       (ARRAY['CRITICAL', 'HIGH', 'MEDIUM', 'LOW', 'INFO', NULL])[1 + (i / 3) % 6],
       CASE WHEN (i / 3) % 6 = 5 AND i % 2 = 0 THEN 6.5 END
     FROM generate_series(0, $1 - 1) AS i`,
    [VULNERABILITIES],
  )
  await db.query(
    `INSERT INTO vulnerability_alias (cve_id, ghsa_id)
     SELECT 'CVE-2024-' || i, 'GHSA-bench-' || (i + 1)
     FROM generate_series(0, $1 - 1, 3) AS i`,
    [VULNERABILITIES],
  )
  const [first] = await db.query<{ id: number }>('SELECT min(id)::int AS id FROM vulnerability')
  // Component c gets vulnerabilities b, b + 1 (the alias of b) and b + 2, as far as c % 3 says.
  await db.query(
    `INSERT INTO finding (project_id, component_id, vulnerability_id, analyzer_identity)
     SELECT c.project_id, c.id, $1 + ((c.id / 20) * 3) % ($2 - 3) + k, 'INTERNAL_ANALYZER'
     FROM component c, generate_series(0, 2) AS k
     WHERE c.id % 20 = 0 AND k <= c.id % 3`,
    [first!.id, VULNERABILITIES],
  )
  await db.query(
    `INSERT INTO analysis (project_id, component_id, vulnerability_id, state, suppressed)
     SELECT project_id, component_id, vulnerability_id,
       CASE WHEN component_id % 7 = 0 THEN 'FALSE_POSITIVE' ELSE 'EXPLOITABLE' END,
       component_id % 7 = 0
     FROM finding WHERE component_id % 100 = 0`,
  )
}

async function seedViolations(db: Queryable) {
  await db.query(
    `WITH p AS (
       INSERT INTO policy (name, violation_state)
       SELECT 'bench-policy-' || i, (ARRAY['FAIL', 'WARN', 'INFO'])[1 + i % 3]
       FROM generate_series(0, 5) AS i RETURNING id, name)
     INSERT INTO policy_condition (policy_id, subject, operator, value)
     SELECT id, (ARRAY['SEVERITY', 'LICENSE', 'AGE'])[1 + substr(name, 14)::int % 3], 'IS', 'x'
     FROM p`,
  )
  await db.query(
    `INSERT INTO policy_violation (type, project_id, component_id, policy_condition_id)
     SELECT CASE pc.subject WHEN 'SEVERITY' THEN 'SECURITY' WHEN 'LICENSE' THEN 'LICENSE'
       ELSE 'OPERATIONAL' END, c.project_id, c.id, pc.id
     FROM component c
     JOIN (SELECT id, subject, row_number() OVER (ORDER BY id) - 1 AS k FROM policy_condition) pc
       ON pc.k = c.id % 6
     WHERE c.id % 50 = 0`,
  )
  await db.query(
    `INSERT INTO violation_analysis (policy_violation_id, project_id, component_id, state, suppressed)
     SELECT id, project_id, component_id, CASE WHEN id % 8 = 0 THEN 'APPROVED' ELSE 'REJECTED' END,
       id % 16 = 0
     FROM policy_violation WHERE id % 4 = 0`,
  )
}

/**
 * The floor: the same counting the simplest fast way, reading only: components per project, the
 * project's unsuppressed findings by stored severity, its unsuppressed violations by state and
 * type, one GROUP BY each. No alias de-duplication, no comparison with stored rows, no writes.
 */
export async function countTheSimplestWay(db: Queryable) {
  await db.query('SELECT project_id, count(*) FROM component GROUP BY project_id')
  await db.query(
    `SELECT f.project_id, count(*) AS vulnerabilities,
       count(*) FILTER (WHERE v.severity = 'CRITICAL') AS critical,
       count(*) FILTER (WHERE v.severity = 'HIGH') AS high,
       count(*) FILTER (WHERE v.severity = 'MEDIUM') AS medium,
       count(*) FILTER (WHERE v.severity IN ('LOW', 'INFO')) AS low,
       count(*) FILTER (WHERE v.severity IS NULL) AS unassigned,
       count(*) FILTER (WHERE an.state NOT IN ('NOT_SET', 'IN_TRIAGE')) AS audited
     FROM finding f JOIN vulnerability v ON v.id = f.vulnerability_id
     LEFT JOIN analysis an
       ON an.component_id = f.component_id AND an.vulnerability_id = f.vulnerability_id
     WHERE NOT COALESCE(an.suppressed, false)
     GROUP BY f.project_id`,
  )
  await db.query(
    `SELECT pv.project_id, po.violation_state, pv.type, count(*),
       count(*) FILTER (WHERE va.state <> 'NOT_SET') AS audited
     FROM policy_violation pv JOIN policy_condition pc ON pc.id = pv.policy_condition_id
     JOIN policy po ON po.id = pc.policy_id
     LEFT JOIN violation_analysis va ON va.policy_violation_id = pv.id
     WHERE NOT COALESCE(va.suppressed, false)
     GROUP BY pv.project_id, po.violation_state, pv.type`,
  )
}
