import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

/** What the main thread asks of the PGlite thread (`pglite-worker.ts`), one at a time. */
export type PgliteRequest =
  | { op: 'query'; sql: string; params?: unknown[]; inTransaction: boolean }
  | { op: 'copy'; table: string; columns: readonly string[]; text: string; inTransaction: boolean }
  | { op: 'exec'; sql: string }
  | { op: 'begin' }
  | { op: 'commit' }
  | { op: 'rollback' }
  | { op: 'close' }

/** An error's message, name and PostgreSQL fields (SQLSTATE `code`, `constraint`, …). */
export type ErrorFields = Record<string, string | undefined>

/** A query's rows as the thread sends them: arrays of values, and the column names once. */
export interface RowArrays {
  names: string[]
  rows: unknown[][]
}

export type PgliteReply =
  { id: number; ok: true; rows?: RowArrays } | { id: number; ok: false; error: ErrorFields }

/** The thread's first message: PGlite is open, or why it could not open. */
export type PgliteReady = { ready: true } | { ready: false; error: ErrorFields }

/** PostgreSQL's error fields, as node-postgres and PGlite name them. */
export const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const

export function errorFields(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) }
  const fields: ErrorFields = { name: error.name, message: error.message }
  const source = error as unknown as Record<string, unknown>
  for (const field of ERROR_FIELDS) {
    if (typeof source[field] === 'string') fields[field] = source[field]
  }
  return fields
}

/** An error from the PGlite thread, carrying the SQLSTATE `code` and fields as PGlite had them. */
export class PgliteError extends Error {
  declare code?: string
  declare constraint?: string
  constructor(fields: ErrorFields) {
    super(fields.message)
    this.name = fields.name ?? 'Error'
    for (const field of ERROR_FIELDS) {
      if (fields[field] !== undefined) (this as Record<string, unknown>)[field] = fields[field]
    }
  }
}

export interface PgliteThread {
  /** Resolves with a query's rows as objects (by column name), with nothing for other requests. */
  call(request: PgliteRequest): Promise<Record<string, unknown>[] | undefined>
  /** Ends the thread (after `close` has closed the database). */
  terminate(): Promise<void>
}

function rowObjects({ names, rows }: RowArrays): Record<string, unknown>[] {
  return rows.map((values) => {
    const row: Record<string, unknown> = {}
    for (let i = 0; i < names.length; i++) row[names[i]!] = values[i]
    return row
  })
}

interface Pending {
  resolve: (rows: Record<string, unknown>[] | undefined) => void
  reject: (error: unknown) => void
}

/**
 * The worker script: TypeScript beside this file when running from source (tsx, vitest), the
 * bundled `pglite-worker.js` beside the bundle otherwise (`scripts/build-server.mjs`).
 */
function workerScript(): { url: URL; execArgv?: string[] } {
  const fromSource = import.meta.url.endsWith('.ts')
  const url = new URL(fromSource ? './pglite-worker.ts' : './pglite-worker.js', import.meta.url)
  // Under tsx the thread inherits its loader; elsewhere (vitest) it needs one to read TypeScript.
  if (!fromSource || process.execArgv.some((arg) => arg.includes('tsx'))) return { url }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  return { url, execArgv: ['--import', tsx] }
}

/**
 * Starts PGlite in a worker thread, so its statements (each one synchronous WebAssembly) run
 * beside the event loop instead of on it. The thread keeps the process alive only while a call
 * is under way, as an open PGlite on the main thread did.
 */
export async function startPgliteThread(dataDir: string | undefined): Promise<PgliteThread> {
  const { url, execArgv } = workerScript()
  const worker = new Worker(url, { workerData: { dataDir }, ...(execArgv ? { execArgv } : {}) })
  const pending = new Map<number, Pending>()
  let nextId = 1
  let ended: Error | undefined

  const failAll = (error: Error) => {
    ended ??= error
    for (const waiting of pending.values()) waiting.reject(error)
    pending.clear()
  }

  await new Promise<void>((resolve, reject) => {
    const onError = (error: Error) => reject(error)
    const onExit = (code: number) => reject(new Error(`The PGlite thread exited (${code})`))
    worker.once('error', onError)
    worker.once('exit', onExit)
    worker.once('message', (message: PgliteReady) => {
      worker.off('error', onError)
      worker.off('exit', onExit)
      if (message.ready) resolve()
      else reject(new PgliteError(message.error))
    })
  }).catch(async (error: unknown) => {
    await worker.terminate()
    throw error
  })

  worker.on('message', (reply: PgliteReply) => {
    const waiting = pending.get(reply.id)
    if (!waiting) return
    pending.delete(reply.id)
    if (pending.size === 0) worker.unref()
    if (reply.ok) waiting.resolve(reply.rows && rowObjects(reply.rows))
    else waiting.reject(new PgliteError(reply.error))
  })
  worker.on('error', (error) => failAll(error))
  worker.on('exit', (code) => failAll(new Error(`The PGlite thread exited (${code})`)))
  worker.unref()

  return {
    call(request) {
      if (ended) return Promise.reject(ended)
      const id = nextId++
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject })
        worker.ref()
        try {
          worker.postMessage({ id, ...request })
        } catch (error) {
          // A parameter structured cloning cannot copy (a function, a symbol).
          pending.delete(id)
          if (pending.size === 0) worker.unref()
          reject(error)
        }
      })
    },
    async terminate() {
      ended ??= new Error('The database is closed')
      await worker.terminate()
    },
  }
}
