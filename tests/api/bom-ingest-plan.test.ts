import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { convertBom } from '../../server/domain/bom/convert.ts'
import {
  applyIngest,
  ingestConvertedBom,
  prepareIngest,
  type PreparedIngest,
} from '../../server/domain/bom/ingest.ts'
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
