import { Writable } from 'node:stream'
import type {
  AnalysisContext,
  AnalyzableComponent,
  Analyzer,
} from '../../server/domain/analysis/model.ts'
import type { HttpOptions } from '../../server/domain/analysis/external/http.ts'
import { createLogger } from '../../server/logger.ts'
import type { TestServer } from './api-server.ts'

/** Backoff and timeouts short enough for tests; the waits are recorded, not slept. */
export function fastHttp(waits: number[] = [], timeoutMs = 5_000): Partial<HttpOptions> {
  return {
    timeoutMs,
    retries: 3,
    delayMs: 10,
    maxDelayMs: 40,
    sleep: async (ms) => {
      waits.push(ms)
    },
  }
}

/** The project's components as the engine hands them to an analyzer. */
export async function analyzableComponents(
  server: TestServer,
  projectUuid: string,
): Promise<AnalyzableComponent[]> {
  const rows = await server.lookout.ctx!.db.query<Record<string, any>>(
    `SELECT c.id, c.uuid, c.project_id, c.name, c."group", c.version, c.purl, c.cpe, c.internal,
            c.classifier
     FROM component c JOIN project p ON p.id = c.project_id
     WHERE p.uuid = $1 ORDER BY c.id`,
    [projectUuid],
  )
  return rows.map((row) => ({
    id: Number(row.id),
    uuid: row.uuid,
    projectId: Number(row.project_id),
    name: row.name,
    group: row.group,
    version: row.version,
    purl: row.purl,
    cpe: row.cpe,
    internal: row.internal,
    classifier: row.classifier,
  }))
}

/** Runs one analyzer over the capable components and keeps what it logged. */
export async function runAnalyzer(
  server: TestServer,
  analyzer: Analyzer,
  components: readonly AnalyzableComponent[],
  settings: Record<string, string | null>,
  extra: Pick<AnalysisContext, 'serviceUrls' | 'encryptionKey'> = {},
) {
  const logs: Record<string, any>[] = []
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) logs.push(JSON.parse(line))
      done()
    },
  })
  const map = new Map(Object.entries(settings))
  const capable = components.filter((component) => analyzer.isCapable(component, map))
  const matches = await analyzer.analyze(capable, {
    db: server.lookout.ctx!.db,
    logger: createLogger('info', stream),
    level: 'ON_DEMAND',
    settings: map,
    ...extra,
  })
  return { matches, logs, capable, rawLogs: () => JSON.stringify(logs) }
}
