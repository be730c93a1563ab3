import type { TestServer } from './api-server.ts'

type Row = Record<string, any>

/**
 * Metrics rows' sources written straight into the tables (projects, components, vulnerabilities
 * and their aliases, findings, analyses, policies and violations), so each counter formula is
 * checked on its own; and the metrics rows read back.
 */
export function metricsFixtures(server: () => TestServer) {
  const db = () => server().lookout.ctx!.db
  const sql = (text: string, params: unknown[] = []) => db().query<Row>(text, params)

  let serial = 0
  const unique = (prefix: string) => `${prefix}-${++serial}`

  async function project(
    fields: {
      parent?: number
      logic?: string
      active?: boolean
      latest?: boolean
      tag?: number
    } = {},
  ) {
    const [row] = await sql(
      `INSERT INTO project (name, version, parent_id, collection_logic, collection_tag_id, active,
         is_latest)
       VALUES ($1, '1', $2, $3, $4, $5, false) RETURNING id`,
      [
        unique('p'),
        fields.parent ?? null,
        fields.logic ?? null,
        fields.tag ?? null,
        fields.active ?? true,
      ],
    )
    const id = Number(row!.id)
    // is_latest is unique per name: each project has a name of its own.
    if (fields.latest) await sql('UPDATE project SET is_latest = true WHERE id = $1', [id])
    return id
  }

  async function component(projectId: number) {
    const [row] = await sql(
      `INSERT INTO component (project_id, name, version) VALUES ($1, $2, '1.0') RETURNING id`,
      [projectId, unique('c')],
    )
    return Number(row!.id)
  }

  async function vulnerability(source: string, vulnId: string, fields: Row = {}) {
    const [row] = await sql(
      `INSERT INTO vulnerability (source, vuln_id, severity, cvss_v3_base_score) VALUES ($1, $2, $3, $4)
       RETURNING id`,
      [source, vulnId, fields.severity ?? null, fields.cvssV3 ?? null],
    )
    return Number(row!.id)
  }

  const alias = (ids: Row) =>
    sql(`INSERT INTO vulnerability_alias (cve_id, ghsa_id, osv_id) VALUES ($1, $2, $3)`, [
      ids.cve ?? null,
      ids.ghsa ?? null,
      ids.osv ?? null,
    ])

  async function finding(componentId: number, vulnerabilityId: number, analysis?: Row) {
    await sql(
      `INSERT INTO finding (project_id, component_id, vulnerability_id, analyzer_identity)
       SELECT project_id, id, $2, 'INTERNAL_ANALYZER' FROM component WHERE id = $1`,
      [componentId, vulnerabilityId],
    )
    if (analysis) await analyse(componentId, vulnerabilityId, analysis)
  }

  const analyse = (componentId: number, vulnerabilityId: number, analysis: Row) =>
    sql(
      `INSERT INTO analysis (project_id, component_id, vulnerability_id, state, suppressed)
       SELECT project_id, id, $2, $3, $4 FROM component WHERE id = $1`,
      [componentId, vulnerabilityId, analysis.state ?? 'NOT_SET', analysis.suppressed ?? false],
    )

  async function condition(state: 'FAIL' | 'WARN' | 'INFO', subject = 'PACKAGE_URL') {
    const [row] = await sql(
      `WITH p AS (INSERT INTO policy (name, violation_state) VALUES ($1, $2) RETURNING id)
       INSERT INTO policy_condition (policy_id, subject, operator, value)
       SELECT id, $3, 'MATCHES', 'x' FROM p RETURNING id`,
      [unique('policy'), state, subject],
    )
    return Number(row!.id)
  }

  async function violation(componentId: number, conditionId: number, type: string, analysis?: Row) {
    const [row] = await sql(
      `INSERT INTO policy_violation (type, project_id, component_id, policy_condition_id)
       SELECT $3, project_id, id, $2 FROM component WHERE id = $1 RETURNING id`,
      [componentId, conditionId, type],
    )
    if (analysis) {
      await sql(
        `INSERT INTO violation_analysis (policy_violation_id, project_id, component_id, state, suppressed)
         SELECT $1, project_id, id, $3, $4 FROM component WHERE id = $2`,
        [row!.id, componentId, analysis.state ?? 'NOT_SET', analysis.suppressed ?? false],
      )
    }
  }

  const current = async (componentId: number) =>
    (
      await sql(
        'SELECT * FROM dependency_metrics WHERE component_id = $1 AND last_occurrence IS NULL',
        [componentId],
      )
    )[0]!

  const projectRows = (projectId: number) =>
    sql('SELECT * FROM project_metrics WHERE project_id = $1 ORDER BY first_occurrence, id', [
      projectId,
    ])

  const latest = async (projectId: number) => (await projectRows(projectId)).at(-1)!

  return {
    db,
    sql,
    unique,
    project,
    component,
    vulnerability,
    alias,
    finding,
    analyse,
    condition,
    violation,
    current,
    projectRows,
    latest,
  }
}
