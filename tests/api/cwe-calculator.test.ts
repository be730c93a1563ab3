import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §1.4 (paging), §3.10, §3.24 (Score types), §4.20, §4.21.

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
let noPermissionKey: string

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  const fixtures = vulnerabilityFixtures(
    () => server,
    () => api,
    () => adminJwt,
  )
  noPermissionKey = (await fixtures.teamKey('Nobody', [])).key
})

afterAll(async () => {
  await server?.close()
})

describe('GET /v1/cwe (§4.21)', () => {
  it('pages the whole dictionary in id order, ignoring search and sort', async () => {
    const first = await api.request('GET', '/v1/cwe?pageNumber=1&pageSize=10', {
      apiKey: noPermissionKey,
    })
    expect(first.status).toBe(200)
    const total = Number(first.headers.get('x-total-count'))
    expect(total).toBeGreaterThan(1400)
    expect(first.json).toHaveLength(10)
    expect(first.json[0]).toEqual({ cweId: 1, name: expect.any(String) })
    const ids = first.json.map((cwe: { cweId: number }) => cwe.cweId)
    expect(ids).toEqual([...ids].sort((a, b) => a - b))
    const searched = await api.request(
      'GET',
      '/v1/cwe?pageNumber=1&pageSize=10&searchText=zzz&sortName=name&sortOrder=desc',
      { token: adminJwt },
    )
    expect(searched.json).toEqual(first.json)
    const last = await api.request('GET', `/v1/cwe?offset=${total - 1}&limit=10`, {
      token: adminJwt,
    })
    expect(last.json).toHaveLength(1)
    const defaults = await api.request('GET', '/v1/cwe?limit=9999', { token: adminJwt })
    expect(defaults.json).toHaveLength(100)
  })

  it('answers one CWE by number, 404 otherwise', async () => {
    const xss = await api.request('GET', '/v1/cwe/79', { token: adminJwt })
    expect(xss.status).toBe(200)
    expect(xss.json).toEqual({
      cweId: 79,
      name: "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')",
    })
    for (const id of ['999999', 'CWE-79', 'abc', '-1', '1'.repeat(40)]) {
      const response = await api.request('GET', `/v1/cwe/${id}`, { token: adminJwt })
      expect(response.status, id).toBe(404)
      expect(response.text).toBe('The CWE could not be found.')
    }
  })

  it('needs credentials', async () => {
    expect((await api.request('GET', '/v1/cwe')).status).toBe(401)
    expect((await api.request('GET', '/v1/cwe/79')).status).toBe(401)
  })
})

describe('GET /v1/calculator/cvss (§4.20)', () => {
  const score = (vector: string) =>
    api.request('GET', `/v1/calculator/cvss?vector=${encodeURIComponent(vector)}`, {
      apiKey: noPermissionKey,
    })

  it('scores v3 vectors with and without prefix', async () => {
    for (const vector of [
      'AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
    ]) {
      const response = await score(vector)
      expect(response.status, vector).toBe(200)
      expect(response.json).toEqual({
        baseScore: 9.8,
        impactSubScore: 5.9,
        exploitabilitySubScore: 3.9,
      })
    }
  })

  it('scores v2 vectors with and without parentheses, and v4 beyond 4.13', async () => {
    for (const vector of ['(AV:N/AC:L/Au:N/C:P/I:P/A:P)', 'AV:N/AC:L/Au:N/C:P/I:P/A:P']) {
      const response = await score(vector)
      expect(response.json).toEqual({
        baseScore: 7.5,
        impactSubScore: 6.4,
        exploitabilitySubScore: 10,
      })
    }
    const v4 = await score('CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N')
    expect(v4.status).toBe(200)
    expect(v4.json).toEqual({ baseScore: 9.3 })
  })

  it('answers 400 with the contract text for anything else', async () => {
    for (const vector of [
      'foobar',
      'AV:N/AC:L',
      'CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      '',
    ]) {
      const response = await score(vector)
      expect(response.status, vector).toBe(400)
      expect(response.text).toBe('An invalid CVSSv2 or CVSSv3 vector submitted.')
    }
    const missing = await api.request('GET', '/v1/calculator/cvss', { token: adminJwt })
    expect(missing.status).toBe(400)
    const nul = await api.request('GET', '/v1/calculator/cvss?vector=AV%00', { token: adminJwt })
    expect(nul.status).toBe(400)
  })
})

describe('GET /v1/calculator/owasp (§4.20)', () => {
  it('scores the contract example', async () => {
    const vector = 'SL:1/M:1/O:0/S:2/ED:1/EE:1/A:1/ID:1/LC:2/LI:1/LAV:1/LAC:1/FD:1/RD:1/NC:2/PV:3'
    const response = await api.request(
      'GET',
      `/v1/calculator/owasp?vector=${encodeURIComponent(vector)}`,
      { apiKey: noPermissionKey },
    )
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      likelihoodScore: 1,
      technicalImpactScore: 1.25,
      businessImpactScore: 1.75,
      likelihood: 'LOW',
      technicalImpact: 'LOW',
      businessImpact: 'LOW',
    })
  })

  it('answers 400 with the pattern for an invalid vector', async () => {
    const response = await api.request('GET', '/v1/calculator/owasp?vector=foobar', {
      token: adminJwt,
    })
    expect(response.status).toBe(400)
    expect(response.text).toBe(
      'Provided vector foobar does not match OWASP RR Vector pattern SL:\\d/M:\\d/O:\\d/S:\\d/ED:\\d/EE:\\d/A:\\d/ID:\\d/LC:\\d/LI:\\d/LAV:\\d/LAC:\\d/FD:\\d/RD:\\d/NC:\\d/PV:\\d',
    )
    expect((await api.request('GET', '/v1/calculator/owasp?vector=foobar')).status).toBe(401)
  })
})
