import fs from 'node:fs'
import { fileURLToPath } from 'node:url'
import { Piscina } from 'piscina'
import { timeSlice } from '../../lib/time-slice.ts'
import type { Logger } from '../../logger.ts'
import { runBomTask, type BomTask, type BomTaskOutcome, type ReadBom } from './check.ts'
import { InvalidBomError } from './inspect.ts'

/**
 * Checking and converting BOMs in worker threads (decision 024): the JSON and XML parsers, the
 * schema checks and the conversion of a 2,000-component BOM take 50–60 ms of CPU, 50 uploads
 * arriving together several seconds, and on the main thread every request waited for them. A
 * worker gets the upload's buffer (moved, not copied) and answers the converted BOM.
 *
 * The pool is bounded: at most `size` workers and `size × QUEUE_PER_WORKER` waiting tasks. A task
 * beyond that, or every task when `size` is 0, runs on the main thread in time slices as before,
 * with the same result: no upload is refused or lost for want of a worker.
 */
export interface BomWorkers {
  /** Worker threads at most; 0 when everything runs on the main thread. */
  readonly size: number
  /** Runs a task; an invalid upload throws InvalidBomError. The task's buffer is handed over. */
  run(task: BomTask): Promise<ReadBom>
  close(): Promise<void>
}

export const QUEUE_PER_WORKER = 64
// A worker left idle this long ends; the next upload starts one again (and compiles the schema).
const IDLE_MS = 60_000

/**
 * The worker's entry: the bundle built next to this module (build/server/bom-worker.mjs, or a
 * benchmark's bundle), or, run from the sources, a loader that imports worker.ts through tsx.
 */
export function bomWorkerFile(moduleUrl = import.meta.url): string | undefined {
  const entry = moduleUrl.endsWith('.ts') ? './worker-source.mjs' : './bom-worker.mjs'
  const file = fileURLToPath(new URL(entry, moduleUrl))
  return fs.existsSync(file) ? file : undefined
}

const NO_PATTERNS = { groups: null, names: null }
const inThread = (task: BomTask) => runBomTask(task, timeSlice())

/** A buffer a worker may take: its own memory, shared with no other view (else a copy). */
function movable(bytes: Uint8Array): Uint8Array {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes : new Uint8Array(bytes)
}

function outcome(result: BomTaskOutcome): ReadBom {
  if (!result.ok) throw new InvalidBomError(result.detail, result.errors)
  return result.bom
}

export function createBomWorkers(options: {
  size: number
  logger: Logger
  /** Waiting tasks at most; `size × QUEUE_PER_WORKER` unless given. */
  queue?: number
  /** Start a worker now, so the first upload does not wait for a thread and its modules. */
  warm?: boolean
}): BomWorkers {
  const file = options.size > 0 ? bomWorkerFile() : undefined
  if (options.size > 0 && !file) {
    options.logger.warn('BOM worker entry not found: BOMs are checked on the main thread')
  }
  const size = file ? options.size : 0
  const maxQueue = options.queue ?? size * QUEUE_PER_WORKER
  let pool: Piscina | undefined
  let closed = false
  const started = () => {
    if (pool) return pool
    pool = new Piscina({
      filename: file,
      minThreads: 0,
      maxThreads: size,
      maxQueue,
      idleTimeout: IDLE_MS,
      atomics: 'async',
    })
    // A worker that fails outside a task (its task, if any, fails with it) is replaced.
    pool.on('error', (error: unknown) => options.logger.error({ err: error }, 'BOM worker failed'))
    return pool
  }

  if (size > 0 && options.warm) {
    // An empty task: the thread starts and loads its modules (0.2–0.4 s) before any upload.
    const empty = '{"bomFormat":"CycloneDX","specVersion":"1.6"}'
    started()
      .run({ kind: 'upload', bytes: Buffer.from(empty), validate: false, internal: NO_PATTERNS })
      .catch((error: unknown) => {
        // Closed before it started (a server that only migrates): nothing to report.
        if (!closed) options.logger.warn({ err: error }, 'BOM worker did not start')
      })
  }

  return {
    size,
    async run(task) {
      if (size === 0 || closed) return inThread(task)
      const workers = started()
      if (workers.queueSize >= maxQueue) return inThread(task)
      const moved = task.kind === 'upload' ? movable(task.bytes) : movable(task.content)
      const handed: BomTask =
        task.kind === 'upload' ? { ...task, bytes: moved } : { ...task, content: moved }
      return outcome(
        (await workers.run(handed, {
          transferList: [moved.buffer as ArrayBuffer],
        })) as BomTaskOutcome,
      )
    },
    async close() {
      closed = true
      const closing = pool
      pool = undefined
      await closing?.destroy()
    },
  }
}
