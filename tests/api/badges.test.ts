import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { violationFixtures } from '../support/violation-fixtures.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-api-portfolio.md §4.23 and dt-api-admin.md §11 (the four badge operations,
// general/badge.enabled, VIEW_BADGES, 401/403/404, the apiKey query parameter, image/svg+xml);
// dt-api-portfolio.md §1.3 (ACL-403 text).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const logLines: string[] = []
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const policies = violationFixtures(() => server)

let measured: string
let unmeasured: string
let badgeKey: { teamUuid: string; key: string }
let viewerKey: { teamUuid: string; key: string }

async function setBadgesPublic(enabled: boolean) {
  const response = await api.request('POST', '/v1/configProperty', {
    token: adminJwt,
    json: { groupName: 'general', propertyName: 'badge.enabled', propertyValue: String(enabled) },
  })
  expect(response.status, response.text).toBe(200)
}

async function measure(projectUuid: string) {
  const refresh = await api.request('GET', `/v1/metrics/project/${projectUuid}/refresh`, {
    token: adminJwt,
  })
  expect(refresh.status).toBe(200)
  await server.lookout.worker!.drain()
}

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk))
      done()
    },
  })
  server = await startApiServer({}, { logStream })
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  await fixtures.mirror([
    { source: 'NVD', vulnId: 'CVE-2024-0001', severity: 'CRITICAL' },
    { source: 'NVD', vulnId: 'CVE-2024-0002', severity: 'LOW' },
  ])
  measured = await fixtures.createProject('badge <app> & "friends"', '2.0')
  unmeasured = await fixtures.createProject('never measured', '1.0')
  const component = await fixtures.createComponent(measured, 'left-pad', '1.0.0')
  await server.lookout.worker!.drain()
  await fixtures.assign('NVD', 'CVE-2024-0001', component)
  await fixtures.assign('NVD', 'CVE-2024-0002', component)
  const policy = await policies.policy('No npm', { violationState: 'FAIL' })
  const condition = await policies.condition(policy, 'PACKAGE_URL', 'MATCHES', 'pkg:npm/*')
  await policies.violation(component, condition)
  await measure(measured)
  badgeKey = await fixtures.teamKey('Badge readers', ['VIEW_BADGES'])
  viewerKey = await fixtures.teamKey('Portfolio readers', ['VIEW_PORTFOLIO'])
})

afterAll(async () => {
  await server?.close()
})

const badge = (path: string, auth: { apiKey?: string; token?: string } = {}) =>
  api.request('GET', `/v1/badge/${path}`, auth)

describe('badges behind credentials (badge.enabled off)', () => {
  it('answers 401 without credentials and 403 without VIEW_BADGES, both empty', async () => {
    const anonymous = await badge(`vulns/project/${measured}`)
    expect([anonymous.status, anonymous.text]).toEqual([401, ''])
    const viewer = await badge(`vulns/project/${measured}`, { apiKey: viewerKey.key })
    expect([viewer.status, viewer.text]).toEqual([403, ''])
    const wrong = await badge(`violations/project/${measured}?apiKey=not-a-key`)
    expect(wrong.status).toBe(401)
  })

  it('draws the newest counts by severity for a key in the header or the apiKey parameter', async () => {
    for (const response of [
      await badge(`vulns/project/${measured}`, { apiKey: badgeKey.key }),
      await badge(`vulns/project/${measured}?apiKey=${encodeURIComponent(badgeKey.key)}`),
    ]) {
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
      expect(response.text).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
      expect(response.text).toContain(
        '<title>badge &lt;app&gt; &amp; &quot;friends&quot; 2.0: vulnerabilities: 1 critical, ' +
          '0 high, 0 medium, 1 low, 0 unassigned</title>',
      )
      expect(response.text).not.toContain('<app>')
    }
    const logs = logLines.join('')
    expect(logs).toContain('apiKey=[redacted]')
    expect(logs).not.toContain(badgeKey.key)
  })

  it('draws violations by state and finds projects by name and version', async () => {
    const name = encodeURIComponent('badge <app> & "friends"')
    const response = await badge(`violations/project/${name}/2.0`, { apiKey: badgeKey.key })
    expect(response.status).toBe(200)
    expect(response.text).toContain('policy violations: 1 fail, 0 warn, 0 info</title>')
  })

  it('answers 404 for an unknown project and 400 for a malformed UUID', async () => {
    const missing = await badge('vulns/project/00000000-0000-4000-8000-000000000000', {
      apiKey: badgeKey.key,
    })
    expect([missing.status, missing.text]).toEqual([404, 'The project could not be found.'])
    const byName = await badge('violations/project/nothing/1.0', { apiKey: badgeKey.key })
    expect(byName.status).toBe(404)
    const malformed = await badge('vulns/project/NOT-A-UUID', { apiKey: badgeKey.key })
    expect(malformed.status).toBe(400)
  })

  it('keeps to the portfolio ACL: a project of another team is forbidden', async () => {
    await fixtures.setAcl(true)
    try {
      const forbidden = await badge(`vulns/project/${measured}`, { apiKey: badgeKey.key })
      expect([forbidden.status, forbidden.text]).toEqual([
        403,
        'Access to the specified project is forbidden',
      ])
      await fixtures.grant(measured, badgeKey.teamUuid)
      const granted = await badge(`vulns/project/${measured}`, { apiKey: badgeKey.key })
      expect(granted.status).toBe(200)
    } finally {
      await fixtures.setAcl(false)
    }
  })
})

describe('public badges (badge.enabled on)', () => {
  beforeAll(() => setBadgesPublic(true))
  afterAll(() => setBadgesPublic(false))

  it('need no credentials, no permission and no ACL', async () => {
    await fixtures.setAcl(true)
    try {
      const response = await badge(`vulns/project/${measured}`)
      expect(response.status).toBe(200)
      expect(response.text).toContain('1 critical')
    } finally {
      await fixtures.setAcl(false)
    }
  })

  it('say "no metrics" before the first measurement, "no violations" when none count', async () => {
    const before = await badge(`violations/project/${unmeasured}`)
    expect(before.text).toContain(
      '<title>never measured 1.0: policy violations: no metrics</title>',
    )
    await measure(unmeasured)
    const none = await badge(`violations/project/never%20measured/1.0`)
    expect(none.text).toContain(
      '<title>never measured 1.0: policy violations: no violations</title>',
    )
    const vulns = await badge(`vulns/project/${unmeasured}`)
    expect(vulns.text).toContain('vulnerabilities: no vulnerabilities</title>')
  })
})
