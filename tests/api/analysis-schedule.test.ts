import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  PORTFOLIO_ANALYSIS_JOB,
  requestProjectAnalysis,
  schedulePortfolioAnalysis,
} from '../../server/domain/analysis/triggers.ts'
import { apiClient } from '../support/api-client.ts'
import { purlRange } from '../support/analysis-fixtures.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-behaviour.md §2.1 (scheduled portfolio analysis: active projects, PERIODIC_ANALYSIS,
// initial delay 6 h, cadence from task-scheduler/portfolio.vulnerability.analysis.cadence), §8.3.

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const ctx = () => server.lookout.ctx!

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  await fixtures.mirror([
    {
      source: 'OSV',
      vulnId: 'GHSA-periodic',
      vulnerableSoftware: [
        purlRange({ type: 'npm', name: 'periodic-lib' }, { versionEndExcluding: '2.0.0' }),
      ],
    },
  ])
})

afterAll(async () => {
  await server?.close()
})

const portfolioJobs = () =>
  fixtures.sql(`SELECT id, status, run_at FROM job WHERE kind = $1 ORDER BY id`, [
    PORTFOLIO_ANALYSIS_JOB,
  ])

describe('scheduled portfolio analysis', () => {
  it('runs six hours after start-up, then on its cadence, one run at a time', async () => {
    await schedulePortfolioAnalysis(ctx().db, ctx().enqueue, { atStartup: true })
    await schedulePortfolioAnalysis(ctx().db, ctx().enqueue, { atStartup: false })
    const [waiting, ...others] = await portfolioJobs()
    expect(others).toEqual([])
    const delay = new Date(waiting!.run_at).getTime() - Date.now()
    expect(delay).toBeGreaterThan(5.9 * 3_600_000)
    expect(delay).toBeLessThanOrEqual(6 * 3_600_000)
  })

  it('analyses every active project at level PERIODIC_ANALYSIS, inactive ones not', async () => {
    const active = await fixtures.createProject('periodic-active', '1.0')
    const inactive = await fixtures.createProject('periodic-inactive', '1.0', false)
    for (const project of [active, inactive]) {
      await fixtures.createComponent(project, 'periodic-lib', '1.5.0')
    }
    await server.lookout.worker!.drain()
    await fixtures.sql(`DELETE FROM finding`)
    await fixtures.sql(`UPDATE project SET last_vulnerability_analysis = NULL`)

    await fixtures.sql(`UPDATE job SET run_at = now() WHERE kind = $1`, [PORTFOLIO_ANALYSIS_JOB])
    server.lookout.worker!.nudge()
    await server.lookout.worker!.drain()

    const projects = await fixtures.sql(
      `SELECT p.name, p.last_vulnerability_analysis IS NOT NULL AS analysed, count(f.id)::int AS findings
       FROM project p LEFT JOIN finding f ON f.project_id = p.id
       WHERE p.name LIKE 'periodic-%' GROUP BY p.id ORDER BY p.name`,
    )
    expect(projects).toEqual([
      { name: 'periodic-active', analysed: true, findings: 1 },
      { name: 'periodic-inactive', analysed: false, findings: 0 },
    ])
    const levels = await fixtures.sql(
      `SELECT DISTINCT payload->>'level' AS level FROM job
       WHERE kind = 'vulnerability.analysis' AND payload->'componentIds' IS NULL`,
    )
    expect(levels).toEqual([{ level: 'PERIODIC_ANALYSIS' }])
  })

  it('queues the next run once the cadence has passed since the last one ended', async () => {
    await schedulePortfolioAnalysis(ctx().db, ctx().enqueue, { atStartup: false })
    expect((await portfolioJobs()).map((job) => job.status)).toEqual(['succeeded'])
    await fixtures.sql(
      `UPDATE config_property SET property_value = '2'
       WHERE group_name = 'task-scheduler' AND property_name = 'portfolio.vulnerability.analysis.cadence'`,
    )
    await fixtures.sql(`UPDATE job SET finished_at = now() - interval '3 hours' WHERE kind = $1`, [
      PORTFOLIO_ANALYSIS_JOB,
    ])
    await schedulePortfolioAnalysis(ctx().db, ctx().enqueue, { atStartup: false })
    const jobs = await portfolioJobs()
    expect(jobs).toHaveLength(2)
    expect(Math.abs(new Date(jobs[1]!.run_at).getTime() - Date.now())).toBeLessThan(60_000)
  })
})

describe('coalescing', () => {
  it('a request while the project analysis waits gets its token; one with its own token keeps it', async () => {
    const project = await fixtures.createProject('coalesced', '1.0')
    const [{ id }] = (await fixtures.sql(`SELECT id FROM project WHERE uuid = $1`, [project])) as [
      { id: string },
    ]
    const tokens = await ctx().db.transaction(async (tx) => [
      await requestProjectAnalysis(tx, ctx().enqueue, Number(id), 'ON_DEMAND'),
      await requestProjectAnalysis(tx, ctx().enqueue, Number(id), 'ON_DEMAND'),
      await requestProjectAnalysis(
        tx,
        ctx().enqueue,
        Number(id),
        'BOM_UPLOAD_ANALYSIS',
        '6f1c2b7e-0d7a-4a8e-9d55-2f3c4e5a6b7c',
      ),
    ])
    expect(tokens[1]).toBe(tokens[0])
    expect(tokens[2]).toBe('6f1c2b7e-0d7a-4a8e-9d55-2f3c4e5a6b7c')
    const jobs = await fixtures.sql(
      `SELECT chain_id FROM job WHERE kind = 'vulnerability.analysis' AND payload->>'projectId' = $1`,
      [id],
    )
    expect(jobs.map((job) => job.chain_id).sort()).toEqual([tokens[0], tokens[2]].sort())
  })

  it('waits while another analysis of the project runs, then goes', async () => {
    const project = await fixtures.createProject('locked', '1.0')
    await fixtures.createComponent(project, 'periodic-lib', '1.0.0')
    await server.lookout.worker!.drain()
    await fixtures.sql(`DELETE FROM finding`)
    const [{ id }] = (await fixtures.sql(`SELECT id FROM project WHERE uuid = $1`, [project])) as [
      { id: string },
    ]
    // Another worker's analysis of this project, still holding its lease.
    const [other] = await fixtures.sql(
      `INSERT INTO job (kind, payload, chain_id, status, locked_by, locked_until)
       VALUES ('vulnerability.analysis', $1::jsonb, gen_random_uuid(), 'running', 'elsewhere',
         now() + interval '1 hour') RETURNING id`,
      [JSON.stringify({ projectId: Number(id), level: 'ON_DEMAND' })],
    )
    const response = await api.request('POST', `/v1/finding/project/${project}/analyze`, {
      token: adminJwt,
    })
    expect(response.status).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, 800))
    const status = await api.request('GET', `/v1/event/token/${response.json.token}`, {
      token: adminJwt,
    })
    expect(status.json).toEqual({ processing: true })
    expect(await fixtures.sql(`SELECT id FROM finding`)).toEqual([])

    await fixtures.sql(`UPDATE job SET status = 'succeeded', finished_at = now() WHERE id = $1`, [
      other!.id,
    ])
    const deadline = Date.now() + 20_000
    for (;;) {
      const poll = await api.request('GET', `/v1/event/token/${response.json.token}`, {
        token: adminJwt,
      })
      if (!poll.json.processing) break
      if (Date.now() > deadline) throw new Error('analysis never ran')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(await fixtures.sql(`SELECT count(*)::int AS n FROM finding`)).toEqual([{ n: 1 }])
  })
})
