import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { generateBom } from '../../../bench/support.ts'
import { createLogger } from '../../logger.ts'
import { runBomTask, type BomTask, type ReadBom } from './check.ts'
import { InvalidBomError } from './inspect.ts'
import { bomWorkerFile, createBomWorkers } from './workers.ts'

const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/boms')
const logger = createLogger('silent')
const internal = { groups: null, names: '.*-internal' }
const workers = createBomWorkers({ size: 1, logger })

afterAll(() => workers.close())

const untimed = { due: false, pause: () => Promise.resolve() }
const upload = (content: string | Uint8Array, validate = true): BomTask => ({
  kind: 'upload',
  bytes: typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content),
  validate,
  internal,
})

/** The result as comparable data: bom-refs a BOM leaves out are random, so they are numbered. */
function comparable(outcome: ReadBom | InvalidBomError) {
  if (outcome instanceof InvalidBomError) {
    return { invalid: outcome.detail, errors: outcome.errors }
  }
  const uuids = new Map<string, string>()
  const text = JSON.stringify(outcome, (_key, value: unknown) =>
    value instanceof Map ? [...value.entries()] : value,
  )
  return JSON.parse(
    text.replace(/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}/g, (uuid) => {
      if (!uuids.has(uuid)) uuids.set(uuid, `random-${uuids.size}`)
      return uuids.get(uuid)!
    }),
  ) as unknown
}

const settle = (work: Promise<ReadBom>) =>
  work.catch((error: unknown) => {
    if (error instanceof InvalidBomError) return error
    throw error
  })

/** The task run in a worker and on the main thread: the same BOM or the same refusal. */
async function bothWays(make: () => BomTask) {
  const inWorker = await settle(workers.run(make()))
  const inThread = await settle(runBomTask(make(), untimed))
  expect(comparable(inWorker)).toEqual(comparable(inThread))
  return inWorker
}

// Generous: a 20,000-component BOM is read four times on a machine shared with other work.
describe('BOM workers', { timeout: 120_000 }, () => {
  it('finds the worker entry from the sources', () => {
    expect(bomWorkerFile()).toMatch(/worker-source\.mjs$/)
    // A bundle looks for bom-worker.mjs next to itself; without it, BOMs stay on the main thread.
    expect(bomWorkerFile('file:///nowhere/build/server/main.js')).toBeUndefined()
    expect(workers.size).toBe(1)
  })

  const fixtures = fs
    .readdirSync(FIXTURES)
    .filter((file) => /\.(json|xml)$/.test(file))
    .sort()
  it.each(fixtures)('converts %s as the main thread does', async (file) => {
    const bytes = fs.readFileSync(path.join(FIXTURES, file))
    const outcome = await bothWays(() => upload(bytes))
    if (!(outcome instanceof InvalidBomError)) {
      expect(outcome.format).toBe(file.endsWith('.xml') ? 'XML' : 'JSON')
    }
  })

  const hostile = fs.readdirSync(path.join(FIXTURES, 'hostile')).sort()
  it.each(hostile)('refuses or reads hostile/%s as the main thread does', async (file) => {
    const bytes = fs.readFileSync(path.join(FIXTURES, 'hostile', file))
    await bothWays(() => upload(bytes))
  })

  it('refuses what is not a BOM with the same detail and errors', async () => {
    const notUtf8 = await bothWays(() => upload(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])))
    expect(notUtf8).toMatchObject({
      detail: 'BOM is neither valid JSON nor XML',
      errors: ['The BOM is not valid UTF-8 text'],
    })
    const schema = await bothWays(() =>
      upload(
        JSON.stringify({
          bomFormat: 'CycloneDX',
          specVersion: '1.5',
          components: [{ type: 'no-such-type', name: 'x' }],
        }),
      ),
    )
    expect(schema).toBeInstanceOf(InvalidBomError)
    expect((schema as InvalidBomError).detail).toBe('Schema validation failed')
    expect(await bothWays(() => upload('plain text'))).toBeInstanceOf(InvalidBomError)
    const invalidXml = `<?xml version="1.0"?><bom xmlns="http://cyclonedx.org/schema/bom/1.5" version="1"><components><component type="wrong"><name>a</name></component></components></bom>`
    expect(await bothWays(() => upload(invalidXml))).toBeInstanceOf(InvalidBomError)
  })

  it('converts without schema validation when it is off', async () => {
    const off = await bothWays(() =>
      upload(
        JSON.stringify({
          bomFormat: 'CycloneDX',
          specVersion: '1.5',
          components: [{ type: 'no-such-type', name: 'lib-internal', version: '1' }],
        }),
        false,
      ),
    )
    expect((off as ReadBom).converted.components[0]).toMatchObject({
      name: 'lib-internal',
      internal: true,
    })
  })

  it('reads a 20,000-component BOM alike, taking its buffer without a copy', async () => {
    const text = generateBom(20_000)
    const task = upload(text)
    const buffer = (task as { bytes: Uint8Array }).bytes.buffer
    const read = await workers.run(task)
    // The buffer moved to the worker: nothing of it is left here.
    expect(buffer.byteLength).toBe(0)
    expect(read.converted.components).toHaveLength(20_000)
    const inThread = await runBomTask(upload(text), untimed)
    expect(comparable(read)).toEqual(comparable(inThread))
  })

  it('reads a stored (compressed) upload alike', async () => {
    const stored = (): BomTask => ({
      kind: 'stored',
      content: gzipSync(fs.readFileSync(path.join(FIXTURES, 'v1.6.xml'))),
      format: 'XML',
      specVersion: '1.6',
      internal,
    })
    const read = await bothWays(stored)
    expect((read as ReadBom).converted.components.length).toBeGreaterThan(0)
  })

  it('runs on the main thread what does not fit the queue, with the same results', async () => {
    const small = createBomWorkers({ size: 1, logger, queue: 1 })
    try {
      const text = generateBom(500)
      const results = await Promise.all(Array.from({ length: 4 }, () => small.run(upload(text))))
      const expected = comparable(await runBomTask(upload(text), untimed))
      for (const result of results) expect(comparable(result)).toEqual(expected)
    } finally {
      await small.close()
    }
  })

  it('checks on the main thread when the pool has no workers', async () => {
    const none = createBomWorkers({ size: 0, logger })
    expect(none.size).toBe(0)
    const read = await none.run(upload(generateBom(10)))
    expect(read.converted.components).toHaveLength(10)
    await none.close()
  })
})
