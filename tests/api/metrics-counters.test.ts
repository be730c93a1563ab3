import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { severityLevel } from '../../server/data/metrics-columns.ts'
import { measureProject } from '../../server/domain/metrics/run.ts'
import {
  deriveSeverity,
  SEVERITY_LEVEL,
  type SeverityInputs,
} from '../../server/domain/vulnerabilities/scoring.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { metricsFixtures } from '../support/metrics-fixtures.ts'

// Contract: dt-behaviour.md §4.2 (component counters: suppression, alias de-duplication,
// LOW+INFO, audited, violations), §4.3 (project sums); dt-api-portfolio.md §2.3 (severity
// derivation). The counting SQL runs on the test database (PGlite or PostgreSQL); rows are
// written straight into the tables so each formula is checked on its own.

let server: TestServer
type Row = Record<string, any>
const rows = metricsFixtures(() => server)
const { db, sql, unique, project, component, vulnerability, alias, finding, analyse } = rows
const { condition, violation, current, latest } = rows

beforeAll(async () => {
  server = await startApiServer()
})

afterAll(async () => {
  await server?.close()
})

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
      await finding(c, await vulnerability('NVD', unique(`CVE-BUCKET-${i}`), { severity }))
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
