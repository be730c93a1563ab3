import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import {
  encodeCursor,
  fakeAdvisory,
  startFakeGithub,
  type FakeGithub,
} from '../support/fakes/github.ts'
import { runMirrorJob, storeSourceSettings } from '../support/mirror-runs.ts'

// A GitHub Advisories run that dies part-way resumes from the cursor its last committed page
// reached (the page and the cursor land in one transaction), without fetching pages again.

let fake: FakeGithub
let server: TestServer

const sql = (text: string, params: unknown[] = []) =>
  server.lookout.ctx!.db.query<Record<string, any>>(text, params)

const githubCount = async () =>
  Number((await sql(`SELECT count(*) AS n FROM vulnerability WHERE source = 'GITHUB'`))[0]!.n)

const markerProperty = async () =>
  (
    await sql(
      `SELECT property_value FROM config_property
       WHERE group_name = 'vuln-source' AND property_name = 'github.advisories.last.modified.epoch.seconds'`,
    )
  )[0]!.property_value as string | null

beforeAll(async () => {
  fake = await startFakeGithub({
    advisories: Array.from({ length: 300 }, (_, i) => fakeAdvisory(i + 1)),
  })
  server = await startApiServer()
  await storeSourceSettings(server, {
    'github.advisories.enabled': 'true',
    'github.advisories.api.url': fake.url,
    'github.advisories.access.token': fake.token,
  })
})

afterAll(async () => {
  await server?.close()
  await fake?.close()
})

describe('GitHub Advisories mirror, interrupted', () => {
  const cursorAfterPage2 = encodeCursor('securityAdvisories', 199)

  it('keeps the first two pages, the marker and the cursor when page 3 fails', async () => {
    fake.intercept = (request) =>
      request.variables.after === cursorAfterPage2
        ? { status: 502, body: { message: 'Server Error' } }
        : undefined
    const state = await runMirrorJob(server, 'GITHUB')
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toBe('GitHub Advisories refused the request: HTTP 502 (Server Error)')
    expect(state.records_done).toBe(200)
    expect(state.position).toEqual({ updatedSince: null, after: cursorAfterPage2 })
    expect(await githubCount()).toBe(200)
    // Advisory 200 (the last of page 2) was updated at 03:20 on 2024-01-01.
    expect(Number(await markerProperty())).toBe(Date.UTC(2024, 0, 1, 3, 20) / 1000)
  })

  it('resumes after page 2 on the next run, as after a worker that died mid-run', async () => {
    fake.intercept = undefined
    // A worker killed mid-run leaves its state RUNNING; the next run takes the position over.
    await sql(`UPDATE mirror_state SET status = 'RUNNING' WHERE source = 'GITHUB'`)
    const from = fake.requests.length
    const state = await runMirrorJob(server, 'GITHUB')
    expect(state).toMatchObject({ status: 'SUCCEEDED', records_done: 300, position: null })
    expect(fake.requests.slice(from).map((request) => request.variables)).toEqual([
      { updatedSince: null, after: cursorAfterPage2 },
    ])
    expect(await githubCount()).toBe(300)
    expect(Number(await markerProperty())).toBe(Date.UTC(2024, 0, 1, 5, 0) / 1000)
  })

  it('starts again from the marker when GitHub no longer knows the stored cursor', async () => {
    fake.advisories.push(fakeAdvisory(301, { updatedAt: '2024-02-01T00:00:00Z' }))
    await sql(
      `UPDATE mirror_state SET status = 'FAILED', position = $1::jsonb WHERE source = 'GITHUB'`,
      [JSON.stringify({ updatedSince: null, after: 'bm90LWEtY3Vyc29y' })],
    )
    const from = fake.requests.length
    const state = await runMirrorJob(server, 'GITHUB')
    expect(state.status).toBe('SUCCEEDED')
    expect(fake.requests.slice(from).map((request) => request.variables)).toEqual([
      { updatedSince: null, after: 'bm90LWEtY3Vyc29y' },
      { updatedSince: '2024-01-01T05:00:00Z', after: null },
    ])
    expect(await githubCount()).toBe(301)
  })
})
