import type { Database } from './db/database.ts'
import type { Env } from './config/env.ts'
import type { Logger } from './logger.ts'
import type { EnqueueOptions } from './jobs/queue.ts'
import type { Queryable } from './db/database.ts'
import type { BomWorkers } from './domain/bom/workers.ts'

export interface BuildInfo {
  version: string
  timestamp: string
  uuid: string
}

/** What every route handler and domain function may use; built once at boot. */
export interface AppContext {
  db: Database
  env: Env
  logger: Logger
  jwtKey: Uint8Array
  systemUuid: string
  build: BuildInfo
  apiKeyUsage: Map<string, number>
  /** Worker threads that check and convert BOMs (decision 024). */
  bomWorkers: BomWorkers
  enqueue(
    db: Queryable,
    kind: string,
    payload: unknown,
    options?: EnqueueOptions,
  ): Promise<{ id: number; chainId: string } | undefined>
}
