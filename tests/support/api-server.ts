import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { DestinationStream } from 'pino'
import { inject } from 'vitest'
import { loadEnv } from '../../server/config/env.ts'
import { createLookout, type Lookout, type LookoutOptions } from '../../server/lookout.ts'
import { createLogger } from '../../server/logger.ts'
import { startLoopback } from './fakes/loopback.ts'
import { startFakeOssIndex } from './fakes/ossindex.ts'
import { createScratchDatabase, postgresTestUrl } from './test-database.ts'

export interface TestServer {
  baseUrl: string
  lookout: Lookout
  dataDir: string
  /** Stops the server and starts it again on the same database and data folder. */
  restart(): Promise<void>
  close(): Promise<void>
}

/** A real Lookout API (and worker) on a random port with its own empty database. */
export async function startApiServer(
  overrides: Record<string, string> = {},
  options: Pick<LookoutOptions, 'remixBuildPath' | 'publicDir'> & {
    logStream?: DestinationStream
  } = {},
): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-api-'))
  const adminUrl = postgresTestUrl()
  const scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined
  if (!scratch)
    await fs.cp(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true })
  // OSS Index is on by default (as in 4.13): analyses reach a loopback one, never the internet.
  const ossIndex = overrides.LOOKOUT_OSSINDEX_URL ? undefined : await startFakeOssIndex()
  // The default package repositories point to the internet: they are created on a loopback
  // server that knows no package (tests point repositories at fakes where they need metadata).
  const registries = await startLoopback({}, () => ({ status: 404, body: 'Not Found' }))
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOOKOUT_DATA_DIR: dataDir,
    LOOKOUT_ROLES: 'api,worker',
    LOOKOUT_BCRYPT_ROUNDS: '4',
    LOOKOUT_WORKER_POLL_MS: '50',
    LOOKOUT_MIRROR_SCHEDULE: 'false',
    LOG_LEVEL: process.env.LOOKOUT_TEST_LOG_LEVEL ?? 'silent',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    ...(ossIndex ? { LOOKOUT_OSSINDEX_URL: ossIndex.url } : {}),
    LOOKOUT_REPOSITORY_DEFAULTS_URL: `${registries.url}/repositories`,
    ...overrides,
  })
  const { logStream, ...lookoutOptions } = options
  const start = async () => {
    const lookout = await createLookout(env, {
      ...lookoutOptions,
      logger: createLogger(logStream ? 'info' : env.LOG_LEVEL, logStream),
    })
    return { lookout, baseUrl: await lookout.listen() }
  }
  const server: TestServer = {
    ...(await start()),
    dataDir,
    async restart() {
      await server.lookout.close()
      Object.assign(server, await start())
    },
    async close() {
      await server.lookout.close()
      await ossIndex?.close()
      await registries.close()
      await scratch?.drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
  return server
}
