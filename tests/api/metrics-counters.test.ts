import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { severityLevel } from '../../server/data/metrics-columns.ts'
import {
  measureAggregates,
  measureEverything,
  measureProject,
} from '../../server/domain/metrics/run.ts'
import {
  deriveSeverity,
  SEVERITY_LEVEL,
  type SeverityInputs,
} from '../../server/domain/vulnerabilities/scoring.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Contract: dt-behaviour.md §4.1 (intervals of unchanged counters), §4.2 (component counters:
// suppression, alias de-duplication, LOW+INFO, audited, violations), §4.3 (project sums,
// collection logic), §4.4 (portfolio: active projects, no collections); dt-api-portfolio.md §2.3
// (severity derivation). The counting SQL runs on the test database (PGlite or PostgreSQL);
// rows are written straight into the tables so each formula is checked on its own.

let server: TestServer
type Row = Record<string, any>
const db = () => server.lookout.ctx!.db
const sql = (text: string, params: unknown[] = []) => db().query<Row>(text, params)

beforeAll(async () => {
  server = await startApiServer()
})

afterAll(async () => {
  await server?.close()
})

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

describe('severity', () => {
  it('is derived as Dependency-Track derives it: stored, else the higher of CVSS and OWASP', async () => {
    const cases: SeverityInputs[] = [
      { severity: 'critical' },
      { severity: 'INFO', cvssV3BaseScore: 9.8 },
      { severity: 'UNASSIGNED', cvssV3BaseScore: 7.5 },
      { cvssV3BaseScore: 9 },
      { cvssV3BaseScore: 6.9 },
      { cvssV3BaseScore: 0.1 },
      { cvssV3BaseScore: 0 },
      { cvssV2BaseScore: 7 },
      { cvssV2BaseScore: 3.9 },
      { cvssV3BaseScore: 3, cvssV2BaseScore: 9 },
      { owaspRRLikelihoodScore: 1, owaspRRTechnicalImpactScore: 1, owaspRRBusinessImpactScore: 0 },
      { owaspRRLikelihoodScore: 7, owaspRRTechnicalImpactScore: 2, owaspRRBusinessImpactScore: 6 },
      { owaspRRLikelihoodScore: 4, owaspRRTechnicalImpactScore: 0, owaspRRBusinessImpactScore: 3 },
      { owaspRRLikelihoodScore: 0, owaspRRTechnicalImpactScore: 9, owaspRRBusinessImpactScore: 9 },
      { owaspRRLikelihoodScore: 2, owaspRRTechnicalImpactScore: 8, owaspRRBusinessImpactScore: 1 },
      {
        cvssV3BaseScore: 4.5,
        owaspRRLikelihoodScore: 9,
        owaspRRTechnicalImpactScore: 9,
        owaspRRBusinessImpactScore: 9,
      },
      {
        cvssV3BaseScore: 9.1,
        owaspRRLikelihoodScore: 1,
        owaspRRTechnicalImpactScore: 1,
        owaspRRBusinessImpactScore: 1,
      },
      { owaspRRLikelihoodScore: 5 },
      {},
    ]
    const levels = await sql(
      `SELECT ${severityLevel('v')} AS level FROM jsonb_to_recordset($1::jsonb) AS v(
         i int, severity text, cvss_v3_base_score numeric, cvss_v2_base_score numeric,
         owasp_rr_likelihood_score numeric, owasp_rr_technical_impact_score numeric,
         owasp_rr_business_impact_score numeric)
       ORDER BY i`,
      [
        JSON.stringify(
          cases.map((inputs, i) => ({
            i,
            severity: inputs.severity,
            cvss_v3_base_score: inputs.cvssV3BaseScore,
            cvss_v2_base_score: inputs.cvssV2BaseScore,
            owasp_rr_likelihood_score: inputs.owaspRRLikelihoodScore,
            owasp_rr_technical_impact_score: inputs.owaspRRTechnicalImpactScore,
            owasp_rr_business_impact_score: inputs.owaspRRBusinessImpactScore,
          })),
        ),
      ],
    )
    expect(levels.map((row) => Number(row.level))).toEqual(
      cases.map((inputs) => SEVERITY_LEVEL[deriveSeverity(inputs)]),
    )
  })
})

describe('component counters', () => {
  it('count each unsuppressed finding once per bucket, INFO as low', async () => {
    const p = await project()
    const c = await component(p)
    for (const [severity, i] of [
      ['CRITICAL', 1],
      ['HIGH', 2],
      ['HIGH', 3],
      ['MEDIUM', 4],
      ['LOW', 5],
      ['INFO', 6],
      [null, 7],
    ] as const) {
      await finding(c, await vulnerability('NVD', `CVE-BUCKET-${serial}-${i}`, { severity }))
    }
    await measureProject(db(), p)
    expect(await current(c)).toMatchObject({
      critical: 1,
      high: 2,
      medium: 1,
      low: 2,
      unassigned: 1,
      vulnerabilities: 7,
      findings_total: 7,
      inherited_risk_score: 10 + 2 * 5 + 3 + 2 * 1 + 5,
    })
  })

  it('count a flaw known under several ids once, at its highest severity', async () => {
    const p = await project()
    const c = await component(p)
    const other = await component(p)
    const cve = await vulnerability('NVD', unique('CVE-ALIAS'), { severity: 'MEDIUM' })
    const [{ vuln_id: cveId }] = (await sql('SELECT vuln_id FROM vulnerability WHERE id = $1', [
      cve,
    ])) as [Row]
    const ghsa = await vulnerability('GITHUB', unique('GHSA-alias'), { severity: 'HIGH' })
    const [{ vuln_id: ghsaId }] = (await sql('SELECT vuln_id FROM vulnerability WHERE id = $1', [
      ghsa,
    ])) as [Row]
    await alias({ cve: cveId, ghsa: ghsaId })
    const unrelated = await vulnerability('OSV', unique('OSV-other'), { severity: 'LOW' })
    await finding(c, cve)
    await finding(c, ghsa)
    await finding(c, unrelated)
    // The same two ids on another component count there, once.
    await finding(other, cve)
    await finding(other, ghsa)
    await measureProject(db(), p)
    expect(await current(c)).toMatchObject({ vulnerabilities: 2, high: 1, medium: 0, low: 1 })
    expect(await current(other)).toMatchObject({ vulnerabilities: 1, high: 1, medium: 0 })
  })

  it('leave suppressed findings out (an alias of a suppressed one then counts) and count them apart', async () => {
    const p = await project()
    const c = await component(p)
    const cveId = unique('CVE-SUP')
    const ghsaId = unique('GHSA-sup')
    const cve = await vulnerability('NVD', cveId, { severity: 'CRITICAL' })
    const ghsa = await vulnerability('GITHUB', ghsaId, { severity: 'LOW' })
    await alias({ cve: cveId, ghsa: ghsaId })
    await finding(c, cve, { state: 'FALSE_POSITIVE', suppressed: true })
    await finding(c, ghsa)
    await measureProject(db(), p)
    expect(await current(c)).toMatchObject({
      vulnerabilities: 1,
      critical: 0,
      low: 1,
      suppressed: 1,
      findings_total: 1,
    })
  })

  it('count audited findings among the counted ones: a state beyond NOT_SET and IN_TRIAGE', async () => {
    const p = await project()
    const c = await component(p)
    const states = ['EXPLOITABLE', 'NOT_AFFECTED', 'RESOLVED', 'IN_TRIAGE', 'NOT_SET']
    for (const state of states) {
      await finding(c, await vulnerability('NVD', unique('CVE-AUD'), { severity: 'HIGH' }), {
        state,
      })
    }
    await finding(c, await vulnerability('NVD', unique('CVE-AUD'), { severity: 'HIGH' }))
    // An analysis of a vulnerability that is no finding of the component counts nowhere.
    await analyse(c, await vulnerability('NVD', unique('CVE-GONE')), { state: 'EXPLOITABLE' })
    await measureProject(db(), p)
    expect(await current(c)).toMatchObject({
      findings_total: 6,
      findings_audited: 3,
      findings_unaudited: 3,
      suppressed: 0,
    })
  })

  it('count violations by policy state, by type, audited unless NOT_SET, suppressed ones not at all', async () => {
    const p = await project()
    const c = await component(p)
    await violation(c, await condition('FAIL', 'SEVERITY'), 'SECURITY', { state: 'APPROVED' })
    await violation(c, await condition('FAIL', 'LICENSE'), 'LICENSE')
    await violation(c, await condition('WARN', 'LICENSE'), 'LICENSE', { state: 'REJECTED' })
    await violation(c, await condition('INFO', 'AGE'), 'OPERATIONAL', { state: 'NOT_SET' })
    await violation(c, await condition('FAIL', 'AGE'), 'OPERATIONAL', {
      state: 'APPROVED',
      suppressed: true,
    })
    await measureProject(db(), p)
    expect(await current(c)).toMatchObject({
      policy_violations_total: 4,
      policy_violations_fail: 2,
      policy_violations_warn: 1,
      policy_violations_info: 1,
      policy_violations_audited: 2,
      policy_violations_unaudited: 2,
      policy_violations_security_total: 1,
      policy_violations_security_audited: 1,
      policy_violations_security_unaudited: 0,
      policy_violations_license_total: 2,
      policy_violations_license_audited: 1,
      policy_violations_license_unaudited: 1,
      policy_violations_operational_total: 1,
      policy_violations_operational_audited: 0,
      policy_violations_operational_unaudited: 1,
      vulnerabilities: 0,
    })
  })
})

describe('project counters', () => {
  it('sum the components, count them and those with a vulnerability, score the sums', async () => {
    const p = await project()
    const a = await component(p)
    const b = await component(p)
    await component(p)
    await finding(a, await vulnerability('NVD', unique('CVE-P'), { severity: 'CRITICAL' }))
    await finding(b, await vulnerability('NVD', unique('CVE-P'), { severity: 'LOW' }))
    await finding(b, await vulnerability('NVD', unique('CVE-P'), { cvssV3: 5.0 }))
    await measureProject(db(), p)
    expect(await latest(p)).toMatchObject({
      components: 3,
      vulnerable_components: 2,
      vulnerabilities: 3,
      critical: 1,
      medium: 1,
      low: 1,
      inherited_risk_score: 14,
      collection_logic: null,
      collection_logic_changed: false,
    })
    const [{ last_inherited_risk_score: score }] = (await sql(
      'SELECT last_inherited_risk_score FROM project WHERE id = $1',
      [p],
    )) as [Row]
    expect(score).toBe(14)
  })
})

describe('intervals', () => {
  it('move the last occurrence while nothing changes, and start a row when a counter does', async () => {
    const p = await project()
    const c = await component(p)
    const v = await vulnerability('NVD', unique('CVE-I'), { severity: 'HIGH' })
    await finding(c, v)
    await measureProject(db(), p)
    const first = await latest(p)
    const componentFirst = await current(c)
    await measureProject(db(), p)
    const rows = await projectRows(p)
    expect(rows).toHaveLength(1)
    expect(rows[0]!.first_occurrence).toEqual(first.first_occurrence)
    expect(new Date(rows[0]!.last_occurrence).getTime()).toBeGreaterThan(
      new Date(first.last_occurrence).getTime(),
    )
    // The component keeps its row untouched: it lasts until the project's last measurement.
    expect(await current(c)).toEqual(componentFirst)
    const measuredAgain = rows[0]!.last_occurrence

    await analyse(c, v, { state: 'FALSE_POSITIVE', suppressed: true })
    await measureProject(db(), p)
    const [old, now] = await projectRows(p)
    expect([old!.high, now!.high, now!.suppressed]).toEqual([1, 0, 1])
    expect(old!.last_occurrence).toEqual(measuredAgain)
    expect(now!.first_occurrence).toEqual(now!.last_occurrence)
    const componentRows = await sql(
      'SELECT * FROM dependency_metrics WHERE component_id = $1 ORDER BY id',
      [c],
    )
    expect(componentRows.map((row) => [row.high, row.last_occurrence])).toEqual([
      [1, measuredAgain],
      [0, null],
    ])
  })
})

describe('collection projects', () => {
  async function measured(parent: number, options: Parameters<typeof project>[0] = {}) {
    const child = await project({ parent, ...options })
    const c = await component(child)
    await finding(c, await vulnerability('NVD', unique('CVE-COL'), { severity: 'CRITICAL' }))
    await measureProject(db(), child)
    return child
  }

  it('add up the newest rows of active direct children, as their logic says', async () => {
    const [{ id: tag }] = (await sql(`INSERT INTO tag (name) VALUES ($1) RETURNING id`, [
      unique('tag'),
    ])) as [Row]
    const all = await project({ logic: 'AGGREGATE_DIRECT_CHILDREN' })
    const tagged = await project({ logic: 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG', tag: Number(tag) })
    const untagged = await project({ logic: 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG' })
    const latestOnly = await project({ logic: 'AGGREGATE_LATEST_VERSION_CHILDREN' })
    await measured(all)
    await measured(all)
    await measured(all, { active: false })
    const withTag = await measured(tagged)
    await sql('INSERT INTO project_tag (project_id, tag_id) VALUES ($1, $2)', [withTag, tag])
    await measured(tagged)
    await measured(untagged)
    await measured(latestOnly, { latest: true })
    await measured(latestOnly)
    // A collection of collections: the nested one gives its own sums.
    const outer = await project({ logic: 'AGGREGATE_DIRECT_CHILDREN' })
    await sql('UPDATE project SET parent_id = $1 WHERE id = $2', [outer, all])

    await measureAggregates(db())
    expect(await latest(all)).toMatchObject({
      components: 2,
      vulnerable_components: 2,
      critical: 2,
      inherited_risk_score: 20,
      collection_logic: 'AGGREGATE_DIRECT_CHILDREN',
    })
    expect(await latest(tagged)).toMatchObject({ components: 1, critical: 1 })
    expect(await latest(untagged)).toMatchObject({ components: 0, critical: 0 })
    expect(await latest(latestOnly)).toMatchObject({ components: 1, critical: 1 })
    expect(await latest(outer)).toMatchObject({ components: 2, critical: 2 })
  })

  it('start a row marked collectionLogicChanged when only the logic changes', async () => {
    const parent = await project({ logic: 'AGGREGATE_DIRECT_CHILDREN' })
    await measured(parent, { latest: true })
    await measureProject(db(), parent)
    await sql(
      `UPDATE project SET collection_logic = 'AGGREGATE_LATEST_VERSION_CHILDREN' WHERE id = $1`,
      [parent],
    )
    await measureProject(db(), parent)
    const rows = await projectRows(parent)
    expect(
      rows.map((row) => [row.collection_logic, row.collection_logic_changed, row.critical]),
    ).toEqual([
      ['AGGREGATE_DIRECT_CHILDREN', false, 1],
      ['AGGREGATE_LATEST_VERSION_CHILDREN', true, 1],
    ])
  })
})

describe('the portfolio', () => {
  it('adds up active projects that are not collections, measured or not', async () => {
    await sql('DELETE FROM project')
    const a = await project()
    await finding(
      await component(a),
      await vulnerability('NVD', unique('CVE-PF'), { severity: 'HIGH' }),
    )
    const b = await project()
    await component(b)
    await project() // no component, no row until measured: still a project
    const inactive = await project({ active: false })
    await finding(
      await component(inactive),
      await vulnerability('NVD', unique('CVE-PF'), { severity: 'HIGH' }),
    )
    const collection = await project({ logic: 'AGGREGATE_DIRECT_CHILDREN' })
    await sql('UPDATE project SET parent_id = $1 WHERE id = $2', [collection, a])
    await measureProject(db(), inactive)
    const outcome = await measureEverything(db())
    expect(outcome).toMatchObject({ projects: 3, components: 2, collections: 1 })
    const [portfolio] = await sql('SELECT * FROM portfolio_metrics ORDER BY id DESC LIMIT 1')
    expect(portfolio).toMatchObject({
      projects: 3,
      vulnerable_projects: 1,
      components: 2,
      vulnerable_components: 1,
      high: 1,
      vulnerabilities: 1,
      inherited_risk_score: 5,
    })
  })
})
