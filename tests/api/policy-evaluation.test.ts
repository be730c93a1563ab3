import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PORTFOLIO_ANALYSIS_JOB } from '../../server/domain/analysis/triggers.ts'
import {
  evaluationKey,
  requestPolicyEvaluation,
} from '../../server/domain/policies/evaluation/triggers.ts'
import {
  POLICY_EVALUATION_JOB,
  POLICY_PORTFOLIO_EVALUATION_JOB,
} from '../../server/domain/policies/model.ts'
import { releaseSingletonKey } from '../../server/jobs/queue.ts'
import { analysisClient, purlRange } from '../support/analysis-fixtures.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import {
  licensedBom,
  evaluationFixtures,
  type LicensedComponent,
} from '../support/policy-evaluation-fixtures.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-behaviour.md §3.2 (applicability, ANY/ALL), §3.3 (conditions), §3.4 (when
// evaluation runs: after the analysis of a BOM upload in its token's chain, after on-demand
// analysis, after a component is created or changed through the API, in the periodic portfolio
// analysis; reconciliation: created, kept, stale ones deleted with their analysis). Beyond 4.13:
// the portfolio evaluation job that follows policy changes.

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const vulnerabilities = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const policies = evaluationFixtures(() => server)
const client = analysisClient(
  () => api,
  () => adminJwt,
)

let copyleft: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  await policies.license('MIT')
  copyleft = await policies.licenseGroup('Evaluation copyleft', ['GPL-3.0-only'])
  await vulnerabilities.mirror([
    {
      source: 'OSV',
      vulnId: 'GHSA-eval-crit',
      severity: 'CRITICAL',
      cwes: [79],
      vulnerableSoftware: [
        purlRange({ type: 'npm', name: 'vulnlib' }, { versionEndExcluding: '2.0.0' }),
      ],
    },
  ])
})

afterAll(async () => {
  await server?.close()
})

beforeEach(async () => {
  await policies.deletePolicies()
})

const INVENTORY: LicensedComponent[] = [
  { name: 'gpl-lib', version: '1.0.0', purl: 'pkg:npm/gpl-lib@1.0.0', licenseId: 'GPL-3.0-only' },
  {
    name: 'dual-lib',
    version: '1.0.0',
    purl: 'pkg:npm/dual-lib@1.0.0',
    expression: 'MIT OR GPL-3.0-only',
  },
  {
    name: 'both-lib',
    version: '1.0.0',
    purl: 'pkg:npm/both-lib@1.0.0',
    expression: 'MIT AND GPL-3.0-only',
  },
  { name: 'vulnlib', version: '1.0.0', purl: 'pkg:npm/vulnlib@1.0.0', licenseId: 'MIT' },
  { name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0', licenseId: 'MIT' },
]

async function createProject(name: string, fields: Record<string, unknown> = {}) {
  const response = await api.request('PUT', '/v1/project', {
    token: adminJwt,
    json: { name, version: '1.0', classifier: 'APPLICATION', ...fields },
  })
  expect(response.status, response.text).toBe(201)
  return response.json.uuid as string
}

async function uploadAndWait(projectUuid: string, bom: string) {
  const token = await client.upload(projectUuid, bom)
  await client.waitForToken(token)
  return token
}

/** The project's analysis on demand (POST /finding/project/{uuid}/analyze), to its token's end. */
async function analyse(projectUuid: string) {
  const response = await api.request('POST', `/v1/finding/project/${projectUuid}/analyze`, {
    token: adminJwt,
  })
  expect(response.status, response.text).toBe(200)
  await client.waitForToken(response.json.token)
}

async function runJob(kind: string) {
  await server.lookout.ctx!.enqueue(server.lookout.ctx!.db, kind, { reason: 'POLICY_CHANGE' })
  server.lookout.worker!.nudge()
  await server.lookout.worker!.drain()
}

/** The standard policies: one per violation type, plus an ALL policy of two conditions. */
async function standardPolicies() {
  await policies.policy({
    name: 'No copyleft',
    violationState: 'FAIL',
    conditions: [{ subject: 'LICENSE_GROUP', operator: 'IS', value: copyleft }],
  })
  await policies.policy({
    name: 'No critical',
    violationState: 'WARN',
    conditions: [{ subject: 'SEVERITY', operator: 'IS', value: 'CRITICAL' }],
  })
  await policies.policy({
    name: 'No left-pad',
    conditions: [{ subject: 'PACKAGE_URL', operator: 'MATCHES', value: 'pkg:npm/left-pad@*' }],
  })
  await policies.policy({
    name: 'Old copyleft',
    operator: 'ALL',
    conditions: [
      { subject: 'LICENSE_GROUP', operator: 'IS', value: copyleft },
      { subject: 'VERSION', operator: 'NUMERIC_LESS_THAN', value: '2.0' },
      {
        subject: 'COORDINATES',
        operator: 'MATCHES',
        value: JSON.stringify({ name: '^gpl-', version: '>= 1' }),
      },
    ],
  })
}

describe('evaluation after a BOM upload', () => {
  it('reports violations of every type before the upload token ends', async () => {
    await standardPolicies()
    const project = await createProject('policy-upload')
    const token = await uploadAndWait(project, licensedBom(INVENTORY))

    expect(await policies.violationLines(project)).toEqual([
      'both-lib → No copyleft (LICENSE_GROUP, LICENSE)',
      'gpl-lib → No copyleft (LICENSE_GROUP, LICENSE)',
      'gpl-lib → Old copyleft (LICENSE_GROUP, LICENSE)',
      'gpl-lib → Old copyleft (VERSION, OPERATIONAL)',
      'gpl-lib → Old copyleft (COORDINATES, OPERATIONAL)',
      'left-pad → No left-pad (PACKAGE_URL, OPERATIONAL)',
      'vulnlib → No critical (SEVERITY, SECURITY)',
    ])
    const jobs = await policies.sql(
      `SELECT kind, status FROM job WHERE chain_id = $1 ORDER BY id`,
      [token],
    )
    expect(jobs.map((job) => `${job.kind} ${job.status}`)).toEqual([
      'bom.process succeeded',
      'vulnerability.analysis succeeded',
      'policy.evaluation succeeded',
      'metrics.project succeeded',
    ])
  })

  it('keeps violations still reported, with their analysis, and deletes stale ones with theirs', async () => {
    await standardPolicies()
    const project = await createProject('policy-reconcile')
    await uploadAndWait(project, licensedBom(INVENTORY))
    const before = await policies.violations(project)
    const kept = before.find((v) => v.component === 'vulnlib')!
    const stale = before.find((v) => v.component === 'left-pad')!
    await policies.analyse(kept.uuid, 'APPROVED', false)
    await policies.analyse(stale.uuid, 'REJECTED', true)

    // left-pad is no longer in the BOM; vulnlib is.
    await uploadAndWait(
      project,
      licensedBom(INVENTORY.filter((c) => c.name !== 'left-pad' && c.name !== 'gpl-lib')),
    )

    const after = await policies.violations(project)
    expect(after.map((v) => v.component)).toEqual(['both-lib', 'vulnlib'])
    const [analyses] = await policies.sql(
      `SELECT count(*)::int AS analyses, (SELECT count(*)::int FROM violation_analysis_comment)
         AS comments
       FROM violation_analysis va JOIN project p ON p.id = va.project_id WHERE p.uuid = $1`,
      [project],
    )
    expect(analyses).toEqual({ analyses: 1, comments: 1 })
    const vulnlib = after.find((v) => v.component === 'vulnlib')!
    expect(vulnlib.uuid).toBe(kept.uuid)
    expect(vulnlib.timestamp).toEqual(kept.timestamp)
  })
})

describe('evaluation after policy changes', () => {
  it('an on-demand analysis evaluates again: a changed condition removes stale violations', async () => {
    const { conditions } = await policies.policy({
      name: 'Banned packages',
      conditions: [{ subject: 'PACKAGE_URL', operator: 'MATCHES', value: 'left-pad' }],
    })
    const project = await createProject('policy-change')
    await uploadAndWait(project, licensedBom(INVENTORY))
    expect(await policies.violationLines(project)).toEqual([
      'left-pad → Banned packages (PACKAGE_URL, OPERATIONAL)',
    ])

    await policies.sql(`UPDATE policy_condition SET value = 'dual-lib' WHERE id = $1`, [
      conditions[0]!.id,
    ])
    // 4.13 does not evaluate again when a condition changes; the next analysis does.
    expect(await policies.violationLines(project)).toHaveLength(1)
    await analyse(project)

    expect(await policies.violationLines(project)).toEqual([
      'dual-lib → Banned packages (PACKAGE_URL, OPERATIONAL)',
    ])
  })

  it('the portfolio job evaluates every project a policy applies to, and cleans up the others', async () => {
    const first = await createProject('portfolio-a')
    const second = await createProject('portfolio-b')
    await uploadAndWait(first, licensedBom(INVENTORY))
    await uploadAndWait(second, licensedBom(INVENTORY))
    const { uuid } = await policies.policy({
      name: 'Vulnerable everywhere',
      conditions: [{ subject: 'VULNERABILITY_ID', operator: 'IS', value: 'GHSA-eval-crit' }],
    })

    await runJob(POLICY_PORTFOLIO_EVALUATION_JOB)
    for (const project of [first, second]) {
      expect(await policies.violationLines(project)).toEqual([
        'vulnlib → Vulnerable everywhere (VULNERABILITY_ID, SECURITY)',
      ])
    }

    await policies.limitToProject(uuid, first)
    await runJob(POLICY_PORTFOLIO_EVALUATION_JOB)
    expect(await policies.violationLines(first)).toHaveLength(1)
    expect(await policies.violationLines(second)).toEqual([])
  })

  it('the periodic portfolio analysis evaluates policies after analysing each project', async () => {
    const project = await createProject('periodic')
    await uploadAndWait(project, licensedBom(INVENTORY))
    await policies.policy({
      name: 'Weak CWE',
      conditions: [{ subject: 'CWE', operator: 'CONTAINS_ANY', value: 'CWE-79' }],
    })
    await runJob(PORTFOLIO_ANALYSIS_JOB)
    expect(await policies.violationLines(project)).toEqual(['vulnlib → Weak CWE (CWE, SECURITY)'])
  })
})

describe('evaluation of components changed through the API', () => {
  it('evaluates a created and then a changed component', async () => {
    await policies.policy({
      name: 'No internal forks',
      conditions: [
        {
          subject: 'COORDINATES',
          operator: 'MATCHES',
          value: JSON.stringify({ group: 'com.acme', name: '*', version: '*' }),
        },
      ],
    })
    const project = await createProject('component-api')
    const created = await api.request('PUT', `/v1/component/project/${project}`, {
      token: adminJwt,
      json: { name: 'fork', version: '1.0', group: 'com.acme', classifier: 'LIBRARY' },
    })
    expect(created.status, created.text).toBe(201)
    await server.lookout.worker!.drain()
    expect(await policies.violationLines(project)).toEqual([
      'fork → No internal forks (COORDINATES, OPERATIONAL)',
    ])

    const changed = await api.request('POST', '/v1/component', {
      token: adminJwt,
      json: {
        uuid: created.json.uuid,
        name: 'fork',
        version: '1.0',
        group: 'org.upstream',
        classifier: 'LIBRARY',
      },
    })
    expect(changed.status, changed.text).toBe(200)
    await server.lookout.worker!.drain()
    expect(await policies.violationLines(project)).toEqual([])
  })
})

describe('vulnerability conditions', () => {
  it('leave suppressed vulnerabilities out', async () => {
    await policies.policy({
      name: 'No critical',
      conditions: [{ subject: 'SEVERITY', operator: 'IS', value: 'CRITICAL' }],
    })
    const project = await createProject('suppressed')
    await uploadAndWait(project, licensedBom(INVENTORY))
    expect(await policies.violationLines(project)).toHaveLength(1)
    const [component] = await policies.sql(
      `SELECT c.uuid::text FROM component c JOIN project p ON p.id = c.project_id
       WHERE p.uuid = $1 AND c.name = 'vulnlib'`,
      [project],
    )
    await vulnerabilities.suppress(component!.uuid, 'OSV', 'GHSA-eval-crit')
    await analyse(project)
    expect(await policies.violationLines(project)).toEqual([])
  })
})

describe('evaluation requests', () => {
  it('coalesce with an evaluation that waits, not with one that runs', async () => {
    const db = server.lookout.ctx!.db
    const enqueue = server.lookout.ctx!.enqueue
    // A project no evaluation ever runs for, and jobs the worker leaves alone.
    const payload = { projectId: 987_654, reason: 'POLICY_CHANGE' as const }
    const jobs = () =>
      policies.sql(
        `SELECT id, status FROM job WHERE kind = $1 AND payload->>'projectId' = $2
        ORDER BY id`,
        [POLICY_EVALUATION_JOB, String(payload.projectId)],
      )
    const later = new Date(Date.now() + 3_600_000)
    await enqueue(db, POLICY_EVALUATION_JOB, payload, {
      singletonKey: evaluationKey(payload),
      runAt: later,
    })
    const [waiting] = await jobs()
    await requestPolicyEvaluation(db, enqueue, payload)
    expect(await jobs()).toHaveLength(1)

    // Started: it gives up its key, so the next request queues an evaluation of its own.
    await policies.sql(
      `UPDATE job SET status = 'running', locked_by = 'elsewhere',
         locked_until = now() + interval '1 hour' WHERE id = $1`,
      [waiting!.id],
    )
    await releaseSingletonKey(db, Number(waiting!.id))
    await requestPolicyEvaluation(db, enqueue, payload)
    // (The worker takes it and lets it wait for the running one: same project.)
    expect(await jobs()).toHaveLength(2)
    await requestPolicyEvaluation(db, enqueue, payload)
    expect(await jobs()).toHaveLength(2)

    // A request in a chain (a BOM upload's) is queued in it even when one waits.
    await requestPolicyEvaluation(db, enqueue, payload, crypto.randomUUID())
    expect(await jobs()).toHaveLength(3)
    await policies.sql(`DELETE FROM job WHERE kind = $1 AND payload->>'projectId' = $2`, [
      POLICY_EVALUATION_JOB,
      String(payload.projectId),
    ])
  })
})
