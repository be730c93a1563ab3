import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Analyzer } from '../../server/domain/analysis/model.ts'
import { analyzeProject } from '../../server/domain/analysis/run.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-behaviour.md §2.1 (analyzer order, capable components only, the first analyzer to
// report a finding owns its attribution, findings never removed), dt-api-portfolio.md §3.25
// (attribution fields; reference URL cut to 255 characters, query string first).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  await fixtures.mirror([{ source: 'NVD', vulnId: 'CVE-2024-0001' }])
  await fixtures.mirror([{ source: 'NVD', vulnId: 'CVE-2024-0002' }])
})

afterAll(async () => {
  await server?.close()
})

/** A stand-in external analyzer that reports every capable component as affected. */
function reporting(
  identity: Analyzer['identity'],
  vulnerabilityIds: number[],
  capable: (name: string) => boolean,
  referenceUrl: string,
  seen: string[],
): Analyzer {
  return {
    identity,
    isEnabled: () => true,
    isCapable: (component) => capable(component.name),
    async analyze(components) {
      seen.push(...components.map((c) => `${identity}:${c.name}`))
      return components.flatMap((component) =>
        vulnerabilityIds.map((vulnerabilityId) => ({
          componentId: component.id,
          vulnerabilityId,
          alternateIdentifier: `${identity}-alt`,
          referenceUrl,
        })),
      )
    },
  }
}

describe('orchestration', () => {
  it('runs analyzers in order on capable components; the first report owns the attribution', async () => {
    const project = await fixtures.createProject('orchestrated', '1.0')
    await fixtures.createComponent(project, 'alpha', '1.0.0')
    await fixtures.createComponent(project, 'beta', '1.0.0')
    await server.lookout.worker!.drain()
    const [row] = await fixtures.sql(`SELECT id FROM project WHERE uuid = $1`, [project])
    const vulns = await fixtures.sql(
      `SELECT id FROM vulnerability WHERE vuln_id IN ('CVE-2024-0001', 'CVE-2024-0002') ORDER BY vuln_id`,
    )
    const [first, second] = vulns.map((v) => Number(v.id)) as [number, number]
    const seen: string[] = []
    const longUrl = `https://ossindex.example/component/${'x'.repeat(300)}?token=secret`
    const analyzers = [
      reporting('OSSINDEX_ANALYZER', [first], (name) => name === 'alpha', longUrl, seen),
      reporting('SNYK_ANALYZER', [first, second], () => true, 'https://snyk.example/a', seen),
    ]
    const outcome = await analyzeProject(
      {
        db: server.lookout.ctx!.db,
        logger: server.lookout.ctx!.logger,
        encryptionKey: new Uint8Array(32),
        analyzers: () => analyzers,
      },
      { projectId: Number(row!.id), level: 'ON_DEMAND' },
    )
    expect(seen).toEqual(['OSSINDEX_ANALYZER:alpha', 'SNYK_ANALYZER:alpha', 'SNYK_ANALYZER:beta'])
    expect(outcome).toEqual({ components: 2, newFindings: 4 })
    const findings = await fixtures.sql(
      `SELECT c.name, v.vuln_id, f.analyzer_identity, f.alternate_identifier, f.reference_url
       FROM finding f JOIN component c ON c.id = f.component_id
       JOIN vulnerability v ON v.id = f.vulnerability_id
       WHERE f.project_id = $1 ORDER BY c.name, v.vuln_id`,
      [row!.id],
    )
    expect(findings).toEqual([
      {
        name: 'alpha',
        vuln_id: 'CVE-2024-0001',
        analyzer_identity: 'OSSINDEX_ANALYZER',
        alternate_identifier: 'OSSINDEX_ANALYZER-alt',
        reference_url: longUrl.slice(0, longUrl.indexOf('?')).slice(0, 255),
      },
      {
        name: 'alpha',
        vuln_id: 'CVE-2024-0002',
        analyzer_identity: 'SNYK_ANALYZER',
        alternate_identifier: 'SNYK_ANALYZER-alt',
        reference_url: 'https://snyk.example/a',
      },
      {
        name: 'beta',
        vuln_id: 'CVE-2024-0001',
        analyzer_identity: 'SNYK_ANALYZER',
        alternate_identifier: 'SNYK_ANALYZER-alt',
        reference_url: 'https://snyk.example/a',
      },
      {
        name: 'beta',
        vuln_id: 'CVE-2024-0002',
        analyzer_identity: 'SNYK_ANALYZER',
        alternate_identifier: 'SNYK_ANALYZER-alt',
        reference_url: 'https://snyk.example/a',
      },
    ])
    expect((findings[0]!.reference_url as string).length).toBe(255)

    // A later run by analyzers that report nothing leaves every finding in place.
    const again = await analyzeProject(
      {
        db: server.lookout.ctx!.db,
        logger: server.lookout.ctx!.logger,
        encryptionKey: new Uint8Array(32),
        analyzers: () => [],
      },
      { projectId: Number(row!.id), level: 'ON_DEMAND' },
    )
    expect(again).toEqual({ components: 2, newFindings: 0 })
    expect(
      await fixtures.sql(`SELECT count(*)::int AS n FROM finding WHERE project_id = $1`, [row!.id]),
    ).toEqual([{ n: 4 }])
  })
})
