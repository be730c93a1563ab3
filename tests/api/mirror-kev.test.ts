import fs from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { kevDocument, kevEntry, startFakeKev, type FakeKev } from '../support/fakes/kev.ts'
import { runMirrorJob, storeSourceSettings } from '../support/mirror-runs.ts'

// Beyond 4.13: the CISA Known Exploited Vulnerabilities mirror against a loopback copy of the
// feed — incremental by catalogue version over three versions (add, change, remove), conditional
// GETs, an unchanged version writing nothing, bad feeds, and the bulk-file import.

let fake: FakeKev
let server: TestServer
let adminJwt: string

const sql = (text: string, params: unknown[] = []) =>
  server.lookout.ctx!.db.query<Record<string, any>>(text, params)

const configure = (values: Record<string, string | null>) => storeSourceSettings(server, values)

const catalogue = () =>
  sql(
    `SELECT cve_id, product, to_char(date_added, 'YYYY-MM-DD') AS date_added,
       to_char(due_date, 'YYYY-MM-DD') AS due_date, required_action,
       known_ransomware_campaign_use, cwes
     FROM known_exploited_vulnerability ORDER BY cve_id`,
  )
const cveIds = async () => (await catalogue()).map((row) => row.cve_id)

const version1 = kevDocument('2025.01.24', [
  kevEntry('CVE-2021-44228', {
    product: 'Log4j',
    dateAdded: '2021-12-10',
    dueDate: '2021-12-24',
    knownRansomwareCampaignUse: 'Known',
    cwes: ['CWE-20', 'CWE-917'],
  }),
  kevEntry('CVE-2023-4966', { product: 'NetScaler', dateAdded: '2023-10-18' }),
  kevEntry('CVE-2024-3400', { product: 'PAN-OS', dateAdded: '2024-04-12', cwes: [] }),
])

beforeAll(async () => {
  fake = await startFakeKev()
  server = await startApiServer()
  adminJwt = await apiClient(server.baseUrl).adminToken()
})

afterAll(async () => {
  await server?.close()
  await fake?.close()
})

describe('KEV configuration', () => {
  it('lists kev.enabled (on by default) and kev.feeds.url in vuln-source', async () => {
    const response = await apiClient(server.baseUrl).request('GET', '/v1/configProperty', {
      token: adminJwt,
    })
    const kev = response.json.filter((p: { propertyName: string }) =>
      p.propertyName.startsWith('kev.'),
    )
    expect(kev).toEqual([
      expect.objectContaining({
        groupName: 'vuln-source',
        propertyName: 'kev.enabled',
        propertyType: 'BOOLEAN',
        propertyValue: 'true',
      }),
      expect.objectContaining({
        groupName: 'vuln-source',
        propertyName: 'kev.feeds.url',
        propertyType: 'URL',
        propertyValue:
          'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json',
      }),
    ])
    await configure({ 'kev.feeds.url': fake.url })
  })
})

describe('KEV mirror', () => {
  it('stores the whole first catalogue and its version', async () => {
    fake.publish(version1)
    const state = await runMirrorJob(server, 'KEV')
    expect(state).toMatchObject({ status: 'SUCCEEDED', records_done: 3, records_total: 3 })
    expect(await catalogue()).toEqual([
      {
        cve_id: 'CVE-2021-44228',
        product: 'Log4j',
        date_added: '2021-12-10',
        due_date: '2021-12-24',
        required_action: kevEntry('x').requiredAction,
        known_ransomware_campaign_use: 'Known',
        cwes: ['CWE-20', 'CWE-917'],
      },
      expect.objectContaining({ cve_id: 'CVE-2023-4966', date_added: '2023-10-18' }),
      expect.objectContaining({ cve_id: 'CVE-2024-3400', cwes: [] }),
    ])
    expect(fake.requests.at(-1)).toMatchObject({ ifNoneMatch: undefined, status: 200 })
    const [row] = await sql(`SELECT marker FROM mirror_state WHERE source = 'KEV'`)
    expect(row!.marker).toMatchObject({ catalogVersion: '2025.01.24', count: 3 })
  })

  it('asks with If-None-Match next time and writes nothing on 304', async () => {
    const state = await runMirrorJob(server, 'KEV')
    expect(state.status).toBe('SUCCEEDED')
    expect(fake.requests.at(-1)!.status).toBe(304)
    expect(fake.requests.at(-1)!.ifNoneMatch).toMatch(/^".+"$/)
    expect(fake.requests.at(-1)!.ifModifiedSince).toBeDefined()
    expect(await cveIds()).toHaveLength(3)
  })

  it('writes nothing when the catalogue version is unchanged, even when downloaded again', async () => {
    fake.validators = false
    // A local edit shows whether the run rewrote the rows.
    await sql(
      `UPDATE known_exploited_vulnerability SET product = 'edited here' WHERE cve_id = 'CVE-2023-4966'`,
    )
    const state = await runMirrorJob(server, 'KEV')
    fake.validators = true
    expect(state.status).toBe('SUCCEEDED')
    expect(fake.requests.at(-1)!.status).toBe(200)
    const [row] = await sql(
      `SELECT product FROM known_exploited_vulnerability WHERE cve_id = 'CVE-2023-4966'`,
    )
    expect(row!.product).toBe('edited here')
  })

  it('adds the new entries of the next version', async () => {
    fake.publish(
      kevDocument('2025.05.22', [
        ...version1.vulnerabilities,
        kevEntry('CVE-2025-0282', { product: 'Connect Secure', dateAdded: '2025-01-08' }),
      ]),
    )
    const state = await runMirrorJob(server, 'KEV')
    expect(state).toMatchObject({ status: 'SUCCEEDED', records_total: 4 })
    expect(await cveIds()).toEqual([
      'CVE-2021-44228',
      'CVE-2023-4966',
      'CVE-2024-3400',
      'CVE-2025-0282',
    ])
    // The locally edited row differs from the feed, so it is written back.
    const [row] = await sql(
      `SELECT product FROM known_exploited_vulnerability WHERE cve_id = 'CVE-2023-4966'`,
    )
    expect(row!.product).toBe('NetScaler')
  })

  it('changes and removes entries as the third version says', async () => {
    fake.publish(
      kevDocument('2025.08.25', [
        kevEntry('CVE-2021-44228', {
          product: 'Log4j',
          dateAdded: '2021-12-10',
          dueDate: '2021-12-24',
          knownRansomwareCampaignUse: 'Known',
          cwes: ['CWE-20', 'CWE-917'],
        }),
        kevEntry('CVE-2024-3400', {
          product: 'PAN-OS',
          dateAdded: '2024-04-12',
          dueDate: '2024-05-03',
          requiredAction: 'Apply the hotfix.',
          cwes: ['CWE-77'],
        }),
        kevEntry('CVE-2025-0282', { product: 'Connect Secure', dateAdded: '2025-01-08' }),
      ]),
    )
    const state = await runMirrorJob(server, 'KEV')
    expect(state.status).toBe('SUCCEEDED')
    const rows = await catalogue()
    expect(rows.map((row) => row.cve_id)).toEqual([
      'CVE-2021-44228',
      'CVE-2024-3400',
      'CVE-2025-0282',
    ])
    expect(rows[1]).toMatchObject({
      due_date: '2024-05-03',
      required_action: 'Apply the hotfix.',
      cwes: ['CWE-77'],
    })
  })

  it('refuses an older catalogue and a broken feed, keeping what is stored', async () => {
    const before = await catalogue()
    fake.publish(version1)
    let state = await runMirrorJob(server, 'KEV')
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toBe(
      'The KEV catalogue 2025.01.24 is older than the stored 2025.08.25; nothing was changed',
    )
    fake.publish('{"catalogVersion": "2025.09.01", "vulnerabilities": [')
    state = await runMirrorJob(server, 'KEV')
    expect(state.last_error).toBe('The KEV feed is not JSON; expected a CISA KEV catalogue')
    fake.publish({ ...kevDocument('2025.09.01', []), vulnerabilities: 'none' } as never)
    state = await runMirrorJob(server, 'KEV')
    expect(state.last_error).toMatch(/^The KEV feed: Expected a CISA KEV catalogue/)
    fake.failWith = 503
    state = await runMirrorJob(server, 'KEV')
    fake.failWith = undefined
    expect(state.last_error).toBe('The KEV feed answered HTTP 503')
    expect(await catalogue()).toEqual(before)
  })
})

describe('KEV bulk import', () => {
  async function upload(name: string, content: string) {
    const dir = path.join(server.dataDir, 'mirror', 'uploads')
    await fs.mkdir(dir, { recursive: true })
    const file = path.join(dir, name)
    await fs.writeFile(file, content)
    return file
  }

  it('imports an uploaded catalogue with the same rules, even with the mirror off', async () => {
    await configure({ 'kev.enabled': 'false' })
    const file = await upload(
      'known_exploited_vulnerabilities.json',
      JSON.stringify(
        kevDocument('2025.10.01', [
          kevEntry('CVE-2021-44228', { product: 'Log4j', dateAdded: '2021-12-10' }),
          kevEntry('CVE-2025-9999', { dateAdded: '2025-09-30' }),
        ]),
      ),
    )
    const state = await runMirrorJob(server, 'KEV', { bulkFile: file })
    expect(state.status).toBe('SUCCEEDED')
    expect(await cveIds()).toEqual(['CVE-2021-44228', 'CVE-2025-9999'])
    const [row] = await sql(`SELECT marker FROM mirror_state WHERE source = 'KEV'`)
    expect(row!.marker).toMatchObject({
      catalogVersion: '2025.10.01',
      etag: null,
      lastModified: null,
    })
  })

  it('refuses a file that is not a KEV catalogue', async () => {
    const file = await upload(
      'osv.json',
      JSON.stringify({ id: 'GHSA-xxxx-xxxx-xxxx', affected: [] }),
    )
    const state = await runMirrorJob(server, 'KEV', { bulkFile: file })
    expect(state.status).toBe('FAILED')
    expect(state.last_error).toMatch(/^osv\.json: Expected a CISA KEV catalogue/)
    expect(await cveIds()).toEqual(['CVE-2021-44228', 'CVE-2025-9999'])
  })
})
