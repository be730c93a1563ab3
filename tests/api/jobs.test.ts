import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { currentLane } from '../../server/db/lane.ts'
import { migrate } from '../../server/db/migrate.ts'
import { openDatabase } from '../../server/db/open.ts'
import {
  claimJob,
  completeJob,
  DEFAULT_LEASE_MS,
  enqueueJob,
  isChainProcessing,
} from '../../server/jobs/queue.ts'
import { startWorker, type JobHandler, type Worker } from '../../server/jobs/worker.ts'
import { createLogger } from '../../server/logger.ts'
import { createScratchDatabase, postgresTestUrl } from '../support/test-database.ts'

// The durable job queue behind event tokens and background work (dt-behaviour.md §0.2:
// a token is a chain identifier, "processing" while any job of the chain is queued or running;
// singleton events are skipped while another is in progress). Lookout keeps jobs in the
// database so they survive restarts and crashed workers.

const logger = createLogger('silent')

interface JobTableRow {
  id: number
  kind: string
  payload: unknown
  chain_id: string
  status: string
  attempts: number
  max_attempts: number
  locked_by: string | null
  last_error: string | null
  finished_at: Date | null
}

/** A database of its own, as tests/support makes them: PGlite in a temp dir, or scratch PostgreSQL. */
async function scratchStore() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-jobs-'))
  const adminUrl = postgresTestUrl()
  const scratch = adminUrl ? await createScratchDatabase(adminUrl) : undefined
  const open = () => openDatabase({ dataDir, databaseUrl: scratch?.url })
  return {
    open,
    async drop() {
      await scratch?.drop()
      await fs.rm(dataDir, { recursive: true, force: true })
    },
  }
}

async function jobRow(db: Database, id: number): Promise<JobTableRow> {
  const [row] = await db.query<JobTableRow>(
    `SELECT id, kind, payload, chain_id, status, attempts, max_attempts, locked_by, last_error,
            finished_at
     FROM job WHERE id = $1`,
    [id],
  )
  if (!row) throw new Error(`job ${id} not found`)
  return { ...row, id: Number(row.id) }
}

/** A promise with its resolver, to hold a handler until the test lets it go. */
function gate() {
  let open!: () => void
  const promise = new Promise<void>((resolve) => {
    open = resolve
  })
  return { promise, open }
}

describe('durability', () => {
  it('keeps an unprocessed job across closing and reopening the database', async () => {
    const store = await scratchStore()
    try {
      const first = await store.open()
      await migrate(first)
      const chainId = randomUUID()
      const job = await enqueueJob(first, 'test.durable', { hello: 'world', n: 42 }, { chainId })
      expect(job).toEqual({ id: expect.any(Number), chainId })
      await first.close()

      const second = await store.open()
      try {
        expect(await migrate(second)).toEqual([])
        const row = await jobRow(second, job!.id)
        expect(row).toMatchObject({
          kind: 'test.durable',
          payload: { hello: 'world', n: 42 },
          chain_id: chainId,
          status: 'queued',
          attempts: 0,
        })
        expect(await isChainProcessing(second, chainId)).toBe(true)
        const claimed = await claimJob(second, 'after-restart', 60_000)
        expect(claimed).toMatchObject({ id: job!.id, kind: 'test.durable', attempts: 1 })
        expect(await completeJob(second, job!.id, 'after-restart')).toBe(true)
        expect(await isChainProcessing(second, chainId)).toBe(false)
      } finally {
        await second.close()
      }
    } finally {
      await store.drop()
    }
  })
})

describe('the job queue on one database', () => {
  let store: Awaited<ReturnType<typeof scratchStore>>
  let db: Database
  let workers: Worker[] = []

  const start = (
    handlers: Record<string, JobHandler>,
    options: {
      concurrency?: number
      identity?: string
      leaseMs?: number
      limits?: Array<{ kinds: string[]; max: number }>
    } = {},
  ) => {
    const worker = startWorker({
      db,
      logger,
      handlers,
      concurrency: options.concurrency ?? 1,
      limits: options.limits,
      pollMs: 20,
      identity: options.identity,
      leaseMs: options.leaseMs,
    })
    workers.push(worker)
    return worker
  }

  beforeAll(async () => {
    store = await scratchStore()
    db = await store.open()
    await migrate(db)
  })

  afterAll(async () => {
    await db?.close()
    await store?.drop()
  })

  beforeEach(async () => {
    await db.query('DELETE FROM job')
  })

  afterEach(async () => {
    await Promise.all(workers.map((worker) => worker.stop()))
    workers = []
  })

  it("runs no more of a limit's kinds at once than it allows; a free slot takes other kinds", async () => {
    const running = new Set<string>()
    const seenTogether: string[][] = []
    const release = new Map<string, () => void>()
    const blocking: JobHandler = async (payload) => {
      const name = (payload as { name: string }).name
      running.add(name)
      seenTogether.push([...running].sort())
      await new Promise<void>((resolve) => release.set(name, resolve))
      running.delete(name)
    }
    const importJob = await enqueueJob(db, 'test.import', { name: 'import' })
    const metricsJob = await enqueueJob(db, 'test.metrics', { name: 'metrics' })
    const otherJob = await enqueueJob(db, 'test.other', { name: 'other' })
    try {
      start(
        { 'test.import': blocking, 'test.metrics': blocking, 'test.other': blocking },
        { concurrency: 3, limits: [{ kinds: ['test.import', 'test.metrics'], max: 1 }] },
      )
      await vi.waitFor(() => expect([...running].sort()).toEqual(['import', 'other']), {
        timeout: 5000,
        interval: 20,
      })
      // The third slot stays free: the limit's place is taken and nothing else is queued.
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect((await jobRow(db, metricsJob!.id)).status).toBe('queued')

      release.get('import')!()
      await vi.waitFor(() => expect(running.has('metrics')).toBe(true), {
        timeout: 5000,
        interval: 20,
      })
      release.get('metrics')!()
      release.get('other')!()
      await vi.waitFor(
        async () => {
          for (const job of [importJob, metricsJob, otherJob]) {
            expect((await jobRow(db, job!.id)).status).toBe('succeeded')
          }
        },
        { timeout: 5000, interval: 20 },
      )
      expect(
        seenTogether.some((names) => names.includes('import') && names.includes('metrics')),
      ).toBe(false)
    } finally {
      // A failed expectation must not leave the worker waiting for its jobs at stop().
      for (const finish of release.values()) finish()
    }
  })

  it('runs handlers in the database background lane, so requests pass their queries', async () => {
    const lanes: string[] = []
    const job = await enqueueJob(db, 'test.lane', {})
    const worker = start({
      'test.lane': async () => {
        lanes.push(currentLane())
        await db.query('SELECT 1')
        lanes.push(currentLane())
      },
    })
    await vi.waitFor(async () => expect((await jobRow(db, job!.id)).status).toBe('succeeded'), {
      timeout: 5000,
      interval: 20,
    })
    await worker.drain()
    expect(lanes).toEqual(['background', 'background'])
    expect(currentLane()).toBe('foreground')
  })

  describe('crash recovery', () => {
    it('gives a job whose lease ran out to another worker, exactly once', async () => {
      const job = await enqueueJob(db, 'test.crash', { n: 1 })
      const claimedAt = Date.now()
      const claimed = await claimJob(db, 'worker-a', 100)
      expect(claimed).toMatchObject({ id: job!.id, attempts: 1 })
      expect((await jobRow(db, job!.id)).status).toBe('running')
      // Worker A "crashes": it never completes the job.

      const calls: Array<{ id: number; at: number }> = []
      const workerB = start({
        'test.crash': async (_payload, { job: running }) => {
          calls.push({ id: running.id, at: Date.now() })
        },
      })
      await vi.waitFor(async () => expect((await jobRow(db, job!.id)).status).toBe('succeeded'), {
        timeout: 5000,
        interval: 20,
      })
      await workerB.drain()

      expect(calls).toHaveLength(1)
      expect(calls[0]!.id).toBe(job!.id)
      expect(calls[0]!.at).toBeGreaterThanOrEqual(claimedAt + 100)
      const row = await jobRow(db, job!.id)
      expect(row.attempts).toBe(2)
      expect(row.locked_by).toBeNull()

      // A comes back late: its completion must not count.
      expect(await completeJob(db, job!.id, 'worker-a')).toBe(false)
      expect((await jobRow(db, job!.id)).status).toBe('succeeded')
      expect(calls).toHaveLength(1)
    })

    it('a restarted worker takes back the job its previous run held, without waiting for the lease', async () => {
      const job = await enqueueJob(db, 'test.restart', {})
      // The previous run of worker "node-1" claimed the job for a minute, then the process died.
      expect(await claimJob(db, 'node-1:previous-run', 60_000)).toMatchObject({ id: job!.id })
      const startedAt = Date.now()
      const handled: number[] = []
      const restarted = start(
        { 'test.restart': async (_payload, { job: running }) => void handled.push(running.id) },
        { identity: 'node-1' },
      )
      expect(restarted.id).toMatch(/^node-1:/)
      await vi.waitFor(async () => expect((await jobRow(db, job!.id)).status).toBe('succeeded'), {
        timeout: 5000,
        interval: 20,
      })
      expect(Date.now() - startedAt).toBeLessThan(5000)
      expect(handled).toEqual([job!.id])
    })

    it('leaves the running jobs of another worker identity to their leases', async () => {
      const job = await enqueueJob(db, 'test.other', {})
      expect(await claimJob(db, 'node-2:its-run', 60_000)).toMatchObject({ id: job!.id })
      const handled: number[] = []
      start(
        { 'test.other': async (_payload, { job: running }) => void handled.push(running.id) },
        { identity: 'node-1' },
      )
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(handled).toEqual([])
      expect((await jobRow(db, job!.id)).locked_by).toBe('node-2:its-run')
    })

    it('another worker takes over a crashed worker’s job within 15 seconds by default', async () => {
      expect(DEFAULT_LEASE_MS).toBeLessThanOrEqual(12_000)
      const job = await enqueueJob(db, 'test.takeover', {})
      const crashedAt = Date.now()
      expect(await claimJob(db, 'crashed:run', DEFAULT_LEASE_MS)).toMatchObject({ id: job!.id })
      let takenOverAt = 0
      start({ 'test.takeover': async () => void (takenOverAt = Date.now()) })
      await vi.waitFor(async () => expect((await jobRow(db, job!.id)).status).toBe('succeeded'), {
        timeout: 15_000,
        interval: 50,
      })
      expect(takenOverAt - crashedAt).toBeLessThan(15_000)
    }, 20_000)

    it('heartbeats keep a long job with its worker past its lease', async () => {
      const job = await enqueueJob(db, 'test.long', {})
      const runs: string[] = []
      const slow = gate()
      start(
        {
          'test.long': async () => {
            runs.push('a')
            await slow.promise
          },
        },
        { leaseMs: 300 },
      )
      await vi.waitFor(() => expect(runs).toEqual(['a']), { timeout: 5000, interval: 20 })
      start({ 'test.long': async () => void runs.push('b') }, { leaseMs: 300 })
      await new Promise((resolve) => setTimeout(resolve, 1200))
      slow.open()
      await vi.waitFor(async () => expect((await jobRow(db, job!.id)).status).toBe('succeeded'), {
        timeout: 5000,
        interval: 20,
      })
      expect(runs).toEqual(['a'])
      expect((await jobRow(db, job!.id)).attempts).toBe(1)
    })

    it('does not hand out a job while its lease is still valid', async () => {
      const job = await enqueueJob(db, 'test.leased', {})
      expect(await claimJob(db, 'worker-a', 60_000)).toMatchObject({ id: job!.id })
      expect(await claimJob(db, 'worker-b', 60_000)).toBeUndefined()
      expect(await completeJob(db, job!.id, 'worker-b')).toBe(false)
      expect(await completeJob(db, job!.id, 'worker-a')).toBe(true)
    })
  })

  describe('several workers on one database', () => {
    it('handles each of 60 jobs exactly once', async () => {
      const ids: number[] = []
      for (let n = 0; n < 60; n++) {
        const job = await enqueueJob(db, 'test.many', { n })
        ids.push(job!.id)
      }
      const handled: Array<{ worker: number; id: number; n: unknown }> = []
      const started = [0, 1, 2].map((worker) =>
        start(
          {
            'test.many': async (payload, { job }) => {
              handled.push({ worker, id: job.id, n: (payload as { n: number }).n })
              await new Promise((resolve) => setTimeout(resolve, 2))
            },
          },
          { concurrency: 2 },
        ),
      )
      await Promise.all(started.map((worker) => worker.drain()))

      expect(handled).toHaveLength(60)
      expect(new Set(handled.map((h) => h.id))).toEqual(new Set(ids))
      expect(handled.map((h) => h.n).sort((a, b) => Number(a) - Number(b))).toEqual(
        Array.from({ length: 60 }, (_, n) => n),
      )
      // More than one worker took part (the jobs were really shared out).
      expect(new Set(handled.map((h) => h.worker)).size).toBeGreaterThan(1)
      const statuses = await db.query<{ status: string; attempts: number }>(
        `SELECT status, attempts FROM job WHERE kind = 'test.many'`,
      )
      expect(statuses).toHaveLength(60)
      expect(statuses.every((row) => row.status === 'succeeded' && row.attempts === 1)).toBe(true)
    })
  })

  describe('retries', () => {
    it('retries a failed job and records the last error', async () => {
      const job = await enqueueJob(db, 'test.flaky', {}, { maxAttempts: 3 })
      let calls = 0
      start({
        'test.flaky': async () => {
          calls++
          if (calls === 1) throw new Error('first attempt failed')
        },
      })
      await vi.waitFor(async () => expect((await jobRow(db, job!.id)).status).toBe('succeeded'), {
        timeout: 10_000,
        interval: 50,
      })
      const row = await jobRow(db, job!.id)
      expect(calls).toBe(2)
      expect(row.attempts).toBe(2)
      expect(row.last_error).toBe('first attempt failed')
      expect(row.finished_at).not.toBeNull()
    })

    it('marks a job that always throws as failed after max_attempts', async () => {
      const job = await enqueueJob(db, 'test.broken', {}, { maxAttempts: 2 })
      let calls = 0
      start({
        'test.broken': async () => {
          calls++
          throw new Error(`broken #${calls}`)
        },
      })
      await vi.waitFor(async () => expect((await jobRow(db, job!.id)).status).toBe('failed'), {
        timeout: 10_000,
        interval: 50,
      })
      const row = await jobRow(db, job!.id)
      expect(calls).toBe(2)
      expect(row.attempts).toBe(2)
      expect(row.max_attempts).toBe(2)
      expect(row.last_error).toBe('broken #2')
      expect(row.finished_at).not.toBeNull()
      expect(await isChainProcessing(db, row.chain_id)).toBe(false)
    })

    it('fails a job of a kind nobody handles instead of losing it silently', async () => {
      const job = await enqueueJob(db, 'test.unhandled', {}, { maxAttempts: 1 })
      start({})
      await vi.waitFor(async () => expect((await jobRow(db, job!.id)).status).toBe('failed'), {
        timeout: 5000,
        interval: 20,
      })
      expect((await jobRow(db, job!.id)).last_error).toContain('test.unhandled')
    })
  })

  describe('chains (event tokens)', () => {
    it('is processing while any job of the chain is queued or running', async () => {
      const chainId = randomUUID()
      const gates = new Map<number, ReturnType<typeof gate>>()
      const gateFor = (id: number) => {
        if (!gates.has(id)) gates.set(id, gate())
        return gates.get(id)!
      }
      const first = await enqueueJob(db, 'test.chain', { step: 1 }, { chainId })
      const second = await enqueueJob(db, 'test.chain', { step: 2 }, { chainId })
      expect(first!.chainId).toBe(chainId)
      expect(second!.chainId).toBe(chainId)
      expect(await isChainProcessing(db, chainId)).toBe(true)
      expect(await isChainProcessing(db, randomUUID())).toBe(false)

      const worker = start({
        'test.chain': async (_payload, { job }) => gateFor(job.id).promise,
      })
      await vi.waitFor(async () => expect((await jobRow(db, first!.id)).status).toBe('running'), {
        timeout: 5000,
        interval: 20,
      })
      expect(await isChainProcessing(db, chainId)).toBe(true)

      gateFor(first!.id).open()
      await vi.waitFor(
        async () => {
          expect((await jobRow(db, first!.id)).status).toBe('succeeded')
          expect((await jobRow(db, second!.id)).status).toBe('running')
        },
        { timeout: 5000, interval: 20 },
      )
      expect(await isChainProcessing(db, chainId)).toBe(true)

      gateFor(second!.id).open()
      await worker.drain()
      expect((await jobRow(db, second!.id)).status).toBe('succeeded')
      expect(await isChainProcessing(db, chainId)).toBe(false)
    })

    it('a follow-up enqueued by a handler in the same chain keeps the chain processing', async () => {
      const child = gate()
      let childId: number | undefined
      const parent = await enqueueJob(db, 'test.parent', {})
      const chainId = parent!.chainId
      const worker = start({
        'test.parent': async (_payload, { job, transaction }) => {
          const followUp = await transaction((tx) =>
            enqueueJob(tx, 'test.child', { parent: job.id }, { chainId: job.chain_id }),
          )
          childId = followUp!.id
        },
        'test.child': async () => child.promise,
      })
      await vi.waitFor(
        async () => {
          expect((await jobRow(db, parent!.id)).status).toBe('succeeded')
          expect(childId).toBeDefined()
          expect((await jobRow(db, childId!)).status).toBe('running')
        },
        { timeout: 5000, interval: 20 },
      )
      const childRow = await jobRow(db, childId!)
      expect(childRow.chain_id).toBe(chainId)
      expect(childRow.payload).toEqual({ parent: parent!.id })
      expect(await isChainProcessing(db, chainId)).toBe(true)

      child.open()
      await worker.drain()
      expect((await jobRow(db, childId!)).status).toBe('succeeded')
      expect(await isChainProcessing(db, chainId)).toBe(false)
    })

    it('a chain stays processing while its only job waits for a retry', async () => {
      const job = await enqueueJob(db, 'test.retrying', {}, { maxAttempts: 2 })
      let calls = 0
      start({
        'test.retrying': async () => {
          calls++
          throw new Error('not yet')
        },
      })
      await vi.waitFor(() => expect(calls).toBe(1), { timeout: 5000, interval: 20 })
      await vi.waitFor(async () => expect((await jobRow(db, job!.id)).status).toBe('queued'), {
        timeout: 5000,
        interval: 20,
      })
      expect(await isChainProcessing(db, job!.chainId)).toBe(true)
    })
  })

  describe('singleton jobs', () => {
    it('skips a second enqueue with the same key while the first is queued or running', async () => {
      const first = await enqueueJob(db, 'test.singleton', { n: 1 }, { singletonKey: 'mirror' })
      expect(first).toBeDefined()
      expect(
        await enqueueJob(db, 'test.singleton', { n: 2 }, { singletonKey: 'mirror' }),
      ).toBeUndefined()
      const other = await enqueueJob(db, 'test.singleton', { n: 3 }, { singletonKey: 'other' })
      expect(other).toBeDefined()

      // Still skipped while running.
      const claimed = await claimJob(db, 'worker-a', 60_000)
      expect(claimed?.id).toBe(first!.id)
      expect(
        await enqueueJob(db, 'test.singleton', { n: 4 }, { singletonKey: 'mirror' }),
      ).toBeUndefined()
      const rows = await db.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM job WHERE singleton_key = 'mirror'`,
      )
      expect(Number(rows[0]!.count)).toBe(1)

      // Once it has finished, the key is free again.
      expect(await completeJob(db, first!.id, 'worker-a')).toBe(true)
      const again = await enqueueJob(db, 'test.singleton', { n: 5 }, { singletonKey: 'mirror' })
      expect(again).toBeDefined()
      expect(again!.id).not.toBe(first!.id)
    })
  })
})
