import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { convertBom } from '../../server/domain/bom/convert.ts'
import {
  applyIngest,
  ingestConvertedBom,
  prepareIngest,
  type PreparedIngest,
} from '../../server/domain/bom/ingest.ts'
import {
  discardAbandonedBatches,
  discardStagedComponents,
  stageNewComponents,
} from '../../server/domain/bom/new-components.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// A BOM is planned outside the write transaction (decision 008), so a long import does not hold
// the database while it reads and matches; the write happens only if nothing changed meanwhile.

let server: TestServer

beforeAll(async () => {
  server = await startApiServer()
})

afterAll(async () => {
  await server?.close()
})

const db = () => server.lookout.ctx!.db

function bomOf(...names: string[]) {
  return convertBom(
    {
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      version: 1,
      components: names.map((name) => ({
        type: 'library',
        'bom-ref': name,
        name,
        version: '1.0.0',
        purl: `pkg:npm/${name}@1.0.0`,
      })),
    },
    () => false,
  )
}

async function newProject(name: string): Promise<number> {
  const [row] = await db().query<{ id: number }>(
    `INSERT INTO project (name, version) VALUES ($1, '1') RETURNING id`,
    [name],
  )
  return Number(row!.id)
}

async function componentNames(projectId: number) {
  const rows = await db().query<{ name: string }>(
    'SELECT name FROM component WHERE project_id = $1 ORDER BY name',
    [projectId],
  )
  return rows.map((row) => row.name)
}

describe('planning a BOM outside the write transaction', () => {
  it('writes the plan when the project did not change meanwhile', async () => {
    const projectId = await newProject('plan-then-write')
    const prepared = (await prepareIngest(db(), projectId, bomOf('a', 'b'))) as PreparedIngest
    expect(prepared.status).toBe('ready')
    const result = await db().transaction((tx) => applyIngest(tx, prepared, { checkStamp: true }))
    expect(result).toMatchObject({ status: 'ingested' })
    expect(await componentNames(projectId)).toEqual(['a', 'b'])
  })

  it('writes nothing and answers stale when another import landed after the plan', async () => {
    const projectId = await newProject('overtaken')
    const prepared = (await prepareIngest(db(), projectId, bomOf('a', 'b'))) as PreparedIngest
    await db().transaction((tx) => ingestConvertedBom(tx, projectId, bomOf('c')))
    const result = await db().transaction((tx) => applyIngest(tx, prepared, { checkStamp: true }))
    expect(result).toBe('stale')
    expect(await componentNames(projectId)).toEqual(['c'])
  })

  it('answers stale when components were added or removed after the plan', async () => {
    const projectId = await newProject('edited')
    await db().transaction((tx) => ingestConvertedBom(tx, projectId, bomOf('a', 'b')))
    const prepared = (await prepareIngest(db(), projectId, bomOf('a', 'x'))) as PreparedIngest
    await db().query(`DELETE FROM component WHERE project_id = $1 AND name = 'b'`, [projectId])
    expect(await db().transaction((tx) => applyIngest(tx, prepared, { checkStamp: true }))).toBe(
      'stale',
    )
    expect(await componentNames(projectId)).toEqual(['a'])
  })

  it('refuses a project deleted between plan and write', async () => {
    const projectId = await newProject('gone')
    const prepared = (await prepareIngest(db(), projectId, bomOf('a'))) as PreparedIngest
    await db().query('DELETE FROM project WHERE id = $1', [projectId])
    expect(
      await db().transaction((tx) => applyIngest(tx, prepared, { checkStamp: true })),
    ).toMatchObject({ status: 'project-gone' })
  })
})

// New components are written ahead of the short write transaction as a pending batch that no
// query sees until that transaction publishes it (decision 027).
describe('new components staged ahead of the write transaction', () => {
  const stored = async (projectId: number) => {
    const [row] = await db().query<{ rows: number; batches: number }>(
      `SELECT (SELECT count(*)::int FROM component_row WHERE project_id = $1) AS rows,
              (SELECT count(*)::int FROM component_batch WHERE project_id = $1) AS batches`,
      [projectId],
    )
    return row
  }
  const stage = async (projectId: number, ...names: string[]) => {
    const prepared = (await prepareIngest(db(), projectId, bomOf(...names))) as PreparedIngest
    prepared.batchId = await stageNewComponents(db(), prepared, null)
    return prepared
  }
  const apply = (prepared: PreparedIngest) =>
    db().transaction((tx) => applyIngest(tx, prepared, { checkStamp: true }))

  it('are unseen, through every query and the API, until the transaction publishes them', async () => {
    const projectId = await newProject('staged')
    // More than one block of ids and several chunks of writes.
    const names = Array.from({ length: 2100 }, (_, i) => `s${String(i).padStart(4, '0')}`)
    const prepared = await stage(projectId, ...names)
    expect(prepared.batchId).toBeTypeOf('number')
    expect(await stored(projectId)).toEqual({ rows: 2100, batches: 1 })
    expect(await componentNames(projectId)).toEqual([])
    const [project] = await db().query<{ uuid: string }>('SELECT uuid FROM project WHERE id = $1', [
      projectId,
    ])
    const api = apiClient(server.baseUrl)
    const listed = await api.request('GET', `/v1/component/project/${project!.uuid}`, {
      token: await api.adminToken(),
    })
    expect(listed.json).toEqual([])
    expect(listed.headers.get('x-total-count')).toBe('0')

    expect(await apply(prepared)).toMatchObject({ status: 'ingested' })
    expect(await componentNames(projectId)).toEqual(names)
    expect(await stored(projectId)).toEqual({ rows: 2100, batches: 0 })
  })

  it('of a stale plan are discarded: the newer import alone shows, nothing is left', async () => {
    const projectId = await newProject('staged-stale')
    const prepared = await stage(projectId, 'a', 'b')
    await db().transaction((tx) => ingestConvertedBom(tx, projectId, bomOf('c')))
    expect(await apply(prepared)).toBe('stale')
    await discardStagedComponents(db(), prepared.batchId!)
    expect(await componentNames(projectId)).toEqual(['c'])
    expect(await stored(projectId)).toEqual({ rows: 1, batches: 0 })
  })

  it('once discarded cannot be published: the plan answers stale and writes nothing', async () => {
    const projectId = await newProject('staged-discarded')
    await db().transaction((tx) => ingestConvertedBom(tx, projectId, bomOf('kept')))
    const prepared = await stage(projectId, 'a')
    await discardStagedComponents(db(), prepared.batchId!)
    expect(await apply(prepared)).toBe('stale')
    expect(await componentNames(projectId)).toEqual(['kept'])
    expect(await stored(projectId)).toEqual({ rows: 1, batches: 0 })
  })

  it('of a deleted project are not written, and the write refuses it', async () => {
    const projectId = await newProject('staged-gone')
    const prepared = (await prepareIngest(db(), projectId, bomOf('a'))) as PreparedIngest
    await db().query('DELETE FROM project WHERE id = $1', [projectId])
    expect(await stageNewComponents(db(), prepared, null)).toBeUndefined()
    expect(await apply(prepared)).toMatchObject({ status: 'project-gone' })
    expect(await stored(projectId)).toEqual({ rows: 0, batches: 0 })
  })

  it('left by a stopped attempt, or of an upload gone, are removed when an upload is processed', async () => {
    const projectId = await newProject('staged-abandoned')
    const upload = async () => {
      const [row] = await db().query<{ id: number }>(
        `INSERT INTO bom_upload (project_id, format, spec_version) VALUES ($1, 'json', '1.6')
         RETURNING id`,
        [projectId],
      )
      return Number(row!.id)
    }
    const [retried, other] = [await upload(), await upload()]
    const stageFor = async (uploadId: number, name: string) => {
      const prepared = (await prepareIngest(db(), projectId, bomOf(name))) as PreparedIngest
      return stageNewComponents(db(), prepared, uploadId)
    }
    await stageFor(retried, 'earlier-attempt')
    await stageFor(other, 'in-progress-elsewhere')
    await stageFor(other + 1_000_000, 'upload-gone')
    expect(await stored(projectId)).toEqual({ rows: 3, batches: 3 })

    await discardAbandonedBatches(db(), retried)
    expect(await stored(projectId)).toEqual({ rows: 1, batches: 1 })
    const [left] = await db().query<{ name: string }>(
      'SELECT name FROM component_row WHERE project_id = $1',
      [projectId],
    )
    expect(left).toEqual({ name: 'in-progress-elsewhere' })
  })
})
