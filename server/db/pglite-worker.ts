/*
 * The PGlite thread: one PGlite, driven by the main thread's requests (`pglite-thread.ts`) in
 * the order they arrive. The main thread's queue (`scheduler.ts`) decides that order; here a
 * transaction opened by `begin` stays open, and takes the `inTransaction` statements, until
 * `commit` or `rollback`.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { applyPgliteV8Flags, pgliteOptions } from './pglite.ts'
import {
  errorFields,
  type PgliteReady,
  type PgliteReply,
  type PgliteRequest,
  type RowArrays,
} from './pglite-thread.ts'

const port = parentPort!
const { dataDir } = workerData as { dataDir?: string }

interface OpenTransaction {
  tx: Transaction
  /** Ends the transaction's callback: true commits, false rolls back. */
  finish: (commit: boolean) => void
  /** Settles once PGlite has committed or rolled back. */
  done: Promise<void>
}

applyPgliteV8Flags()
const pg = dataDir ? new PGlite(dataDir, pgliteOptions()) : new PGlite(pgliteOptions())
let open: OpenTransaction | undefined

function runner(inTransaction: boolean): Pick<Transaction, 'query'> {
  if (!inTransaction) return pg
  if (!open) throw new Error('Transaction is closed')
  return open.tx
}

async function begin() {
  await new Promise<void>((opened, failed) => {
    let finish: (commit: boolean) => void = () => {}
    const finished = new Promise<boolean>((resolve) => (finish = resolve))
    const done = pg.transaction(async (tx) => {
      open = { tx, finish, done }
      opened()
      if (!(await finished)) await tx.rollback()
    })
    done.catch(failed) // BEGIN itself failed; later failures are the commit's
  })
}

async function end(commit: boolean) {
  const ending = open
  if (!ending) throw new Error('Transaction is closed')
  open = undefined
  ending.finish(commit)
  await ending.done
}

async function handle(request: PgliteRequest): Promise<RowArrays | undefined> {
  switch (request.op) {
    case 'query': {
      // Rows as arrays plus one list of names: a third of the bytes to clone, and the main
      // thread deserializes them (and rebuilds the objects) in two thirds of the time.
      const result = await runner(request.inTransaction).query<unknown[]>(
        request.sql,
        request.params,
        { rowMode: 'array' },
      )
      return { names: result.fields.map((field) => field.name), rows: result.rows }
    }
    case 'copy': {
      // PGlite reads COPY input from a blob named /dev/blob; a fifth faster than json_to_recordset.
      const names = request.columns.map((column) => `"${column}"`).join(', ')
      await runner(request.inTransaction).query(
        `COPY ${request.table} (${names}) FROM '/dev/blob'`,
        [],
        { blob: new Blob([request.text]) },
      )
      return undefined
    }
    case 'exec':
      await pg.exec(request.sql)
      return undefined
    case 'begin':
      await begin()
      return undefined
    case 'commit':
      await end(true)
      return undefined
    case 'rollback':
      await end(false)
      return undefined
    case 'close':
      await pg.close()
      return undefined
  }
}

let queue = Promise.resolve()

pg.waitReady.then(
  () => {
    port.on('message', (message: PgliteRequest & { id: number }) => {
      queue = queue.then(async () => {
        let reply: PgliteReply
        try {
          reply = { id: message.id, ok: true, rows: await handle(message) }
        } catch (error) {
          reply = { id: message.id, ok: false, error: errorFields(error) }
        }
        try {
          port.postMessage(reply)
        } catch (error) {
          port.postMessage({ id: message.id, ok: false, error: errorFields(error) })
        }
      })
    })
    port.postMessage({ ready: true } satisfies PgliteReady)
  },
  (error: unknown) =>
    port.postMessage({ ready: false, error: errorFields(error) } satisfies PgliteReady),
)
