import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { analysisClient, bomOf, cpeRange, purlRange } from '../support/analysis-fixtures.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { vulnerabilityFixtures } from '../support/vulnerability-fixtures.ts'

// Contract: dt-behaviour.md §1.4 (BOM processing → analysis in the token's chain), §2.1
// (orchestration, attribution, findings never removed), §2.2 (internal analyzer), §2.5;
// dt-api-portfolio.md §4.10 (POST /finding/project/{uuid}/analyze), §3.25 (attribution).

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const fixtures = vulnerabilityFixtures(
  () => server,
  () => api,
  () => adminJwt,
)
const client = analysisClient(
  () => api,
  () => adminJwt,
)

/** Vulnerable and fixed versions per ecosystem; each pair shares one range. */
const INVENTORY = [
  { name: 'lodash', version: '4.17.20', purl: 'pkg:npm/lodash@4.17.20' },
  { name: 'minimist', version: '1.2.6', purl: 'pkg:npm/minimist@1.2.6' },
  { name: 'django', version: '3.2.0', purl: 'pkg:pypi/django@3.2.0' },
  { name: 'requests', version: '2.31.0', purl: 'pkg:pypi/requests@2.31.0' },
  {
    group: 'org.apache.logging.log4j',
    name: 'log4j-core',
    version: '2.14.1',
    purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
  },
  {
    group: 'com.fasterxml.jackson.core',
    name: 'jackson-databind',
    version: '2.13.4',
    purl: 'pkg:maven/com.fasterxml.jackson.core/jackson-databind@2.13.4',
  },
  {
    name: 'openssl',
    version: '1.1.1n-0+deb11u3',
    purl: 'pkg:deb/debian/openssl@1.1.1n-0%2Bdeb11u3?distro=debian-11',
  },
  {
    name: 'curl',
    version: '7.74.0-1.3+deb11u7',
    purl: 'pkg:deb/debian/curl@7.74.0-1.3%2Bdeb11u7?distro=debian-11',
  },
  {
    name: 'github.com/gin-gonic/gin',
    version: 'v1.6.0',
    purl: 'pkg:golang/github.com/gin-gonic/gin@v1.6.0',
  },
  { name: 'golang.org/x/text', version: 'v0.3.8', purl: 'pkg:golang/golang.org/x/text@v0.3.8' },
  {
    name: 'golang.org/x/crypto',
    version: 'v0.0.0-20200622213623-75b288015ac9',
    purl: 'pkg:golang/golang.org/x/crypto@v0.0.0-20200622213623-75b288015ac9',
  },
  { name: 'tomcat', version: '9.0.30', cpe: 'cpe:2.3:a:apache:tomcat:9.0.30:*:*:*:*:*:*:*' },
  { name: 'tomcat-fixed', version: '9.0.31', cpe: 'cpe:2.3:a:apache:tomcat:9.0.31:*:*:*:*:*:*:*' },
]
const VULNERABLE = [
  'lodash',
  'django',
  'log4j-core',
  'openssl',
  'github.com/gin-gonic/gin',
  'golang.org/x/crypto',
  'tomcat',
]

async function seedCatalogue() {
  const osv = (vulnId: string, software: ReturnType<typeof purlRange>) =>
    fixtures.mirror([{ source: 'OSV', vulnId, vulnerableSoftware: [software] }])
  await osv(
    'GHSA-lodash',
    purlRange({ type: 'npm', name: 'lodash' }, { versionEndExcluding: '4.17.21' }),
  )
  await osv(
    'GHSA-minimist',
    purlRange({ type: 'npm', name: 'minimist' }, { versionEndExcluding: '1.2.6' }),
  )
  await osv(
    'PYSEC-django',
    purlRange(
      { type: 'pypi', name: 'django' },
      { versionStartIncluding: '3.0', versionEndExcluding: '3.2.5' },
    ),
  )
  await osv(
    'PYSEC-requests',
    purlRange({ type: 'pypi', name: 'requests' }, { versionEndExcluding: '2.31.0' }),
  )
  await osv(
    'GHSA-log4shell',
    purlRange(
      { type: 'maven', namespace: 'org.apache.logging.log4j', name: 'log4j-core' },
      { versionStartIncluding: '2.0-beta9', versionEndExcluding: '2.15.0' },
    ),
  )
  await osv(
    'GHSA-jackson',
    purlRange(
      { type: 'maven', namespace: 'com.fasterxml.jackson.core', name: 'jackson-databind' },
      { versionEndExcluding: '2.12.7' },
    ),
  )
  await osv(
    'DSA-openssl',
    purlRange(
      { type: 'deb', namespace: 'debian', name: 'openssl' },
      { versionEndExcluding: '1.1.1n-0+deb11u4' },
    ),
  )
  await osv(
    'DSA-curl',
    purlRange(
      { type: 'deb', namespace: 'debian', name: 'curl' },
      { versionEndExcluding: '7.74.0-1.3+deb11u5' },
    ),
  )
  await osv(
    'GO-gin',
    purlRange(
      { type: 'golang', namespace: 'github.com/gin-gonic', name: 'gin' },
      { versionEndExcluding: '1.7.7' },
    ),
  )
  await osv(
    'GO-text',
    purlRange(
      { type: 'golang', namespace: 'golang.org/x', name: 'text' },
      { versionEndExcluding: '0.3.7' },
    ),
  )
  await osv(
    'GO-crypto',
    purlRange(
      { type: 'golang', namespace: 'golang.org/x', name: 'crypto' },
      // OSV's `introduced: 0` arrives without a lower bound (the mirror drops it)
      { versionEndExcluding: '0.0.0-20201216223049-8b5274cf687f' },
    ),
  )
  await fixtures.mirror([
    {
      source: 'NVD',
      vulnId: 'CVE-2020-1938',
      vulnerableSoftware: [
        cpeRange('cpe:2.3:a:apache:tomcat:*:*:*:*:*:*:*:*', {
          versionStartIncluding: '9.0.0',
          versionEndExcluding: '9.0.31',
        }),
      ],
    },
  ])
}

interface FindingRow {
  name: string
  vuln_id: string
  analyzer_identity: string
  component_id: string
}

const findingsOf = async (projectUuid: string) =>
  (await fixtures.sql(
    `SELECT c.name, v.vuln_id, f.analyzer_identity, f.component_id::text
     FROM finding f JOIN component c ON c.id = f.component_id
     JOIN vulnerability v ON v.id = f.vulnerability_id
     JOIN project p ON p.id = f.project_id
     WHERE p.uuid = $1 ORDER BY c.name, v.vuln_id`,
    [projectUuid],
  )) as FindingRow[]

const namesWithFindings = async (projectUuid: string) =>
  [...new Set((await findingsOf(projectUuid)).map((f) => f.name))].sort()

async function setScanner(propertyName: string, propertyValue: string) {
  const response = await api.request('POST', '/v1/configProperty/aggregate', {
    token: adminJwt,
    json: [{ groupName: 'scanner', propertyName, propertyValue }],
  })
  expect(response.status, response.text).toBe(200)
}

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
  await seedCatalogue()
})

afterAll(async () => {
  await server?.close()
})

describe('analysis after a BOM upload', () => {
  let project: string
  let token: string

  beforeAll(async () => {
    project = await fixtures.createProject('analysed', '1.0')
    token = await client.upload(project, bomOf(INVENTORY))
    await client.waitForToken(token)
  })

  it('finds the vulnerable versions in every ecosystem and leaves the fixed ones alone', async () => {
    expect(await namesWithFindings(project)).toEqual([...VULNERABLE].sort())
    const findings = await findingsOf(project)
    expect(findings.map((f) => `${f.name} ${f.vuln_id}`)).toEqual(
      expect.arrayContaining([
        'lodash GHSA-lodash',
        'django PYSEC-django',
        'log4j-core GHSA-log4shell',
        'openssl DSA-openssl',
        'github.com/gin-gonic/gin GO-gin',
        'golang.org/x/crypto GO-crypto',
        'tomcat CVE-2020-1938',
      ]),
    )
    expect(new Set(findings.map((f) => f.analyzer_identity))).toEqual(
      new Set(['INTERNAL_ANALYZER']),
    )
  })

  it('keeps the upload token processing until the analysis, the policy evaluation and the metrics ended', async () => {
    const jobs = await fixtures.sql(
      `SELECT kind, status, payload->>'level' AS level FROM job WHERE chain_id = $1 ORDER BY id`,
      [token],
    )
    expect(jobs).toEqual([
      { kind: 'bom.process', status: 'succeeded', level: null },
      { kind: 'vulnerability.analysis', status: 'succeeded', level: 'BOM_UPLOAD_ANALYSIS' },
      { kind: 'policy.evaluation', status: 'succeeded', level: null },
      { kind: 'metrics.project', status: 'succeeded', level: null },
    ])
    const deprecated = await api.request('GET', `/v1/bom/token/${token}`, { token: adminJwt })
    expect(deprecated.json).toEqual({ processing: false })
    const fresh = await fixtures.createProject('analysed-race', '1.0')
    const next = await client.upload(fresh, bomOf(INVENTORY.slice(0, 1)))
    await client.waitForToken(next)
    // The first time the token reads "done", the finding is already there.
    expect(await namesWithFindings(fresh)).toEqual(['lodash'])
  })

  it('records the attribution and the time of the analysis', async () => {
    const [row] = await fixtures.sql(
      `SELECT f.attributed_on, f.alternate_identifier, f.reference_url, p.last_vulnerability_analysis
       FROM finding f JOIN project p ON p.id = f.project_id WHERE p.uuid = $1 LIMIT 1`,
      [project],
    )
    expect(row!.attributed_on).toBeInstanceOf(Date)
    expect(row!.alternate_identifier).toBeNull()
    expect(row!.reference_url).toBeNull()
    expect(row!.last_vulnerability_analysis).toBeInstanceOf(Date)
  })

  it('a re-upload keeps the findings of unchanged components and drops those of removed ones', async () => {
    const before = await findingsOf(project)
    const [lodash] = await fixtures.sql(`SELECT uuid FROM component WHERE id = $1`, [
      before.find((f) => f.name === 'lodash')!.component_id,
    ])
    await fixtures.suppress(lodash!.uuid, 'OSV', 'GHSA-lodash')
    const kept = INVENTORY.filter((c) => c.name !== 'django')
    await client.waitForToken(await client.upload(project, bomOf(kept)))
    const after = await findingsOf(project)
    expect(after.map((f) => f.name)).not.toContain('django')
    expect(after).toEqual(before.filter((f) => f.name !== 'django'))
    const decisions = await fixtures.sql(
      `SELECT c.uuid, a.suppressed FROM analysis a JOIN component c ON c.id = a.component_id`,
    )
    expect(decisions).toEqual([{ uuid: lodash!.uuid, suppressed: true }])
  })

  it('never removes a finding when the ranges change', async () => {
    await fixtures.mirror([
      {
        source: 'OSV',
        vulnId: 'GHSA-lodash',
        vulnerableSoftware: [
          purlRange({ type: 'npm', name: 'lodash' }, { versionEndExcluding: '4.0.0' }),
        ],
      },
    ])
    const response = await api.request('POST', `/v1/finding/project/${project}/analyze`, {
      token: adminJwt,
    })
    expect(response.status).toBe(200)
    await client.waitForToken(response.json.token)
    expect((await findingsOf(project)).map((f) => `${f.name} ${f.vuln_id}`)).toContain(
      'lodash GHSA-lodash',
    )
  })
})

describe('POST /v1/finding/project/{uuid}/analyze', () => {
  it('analyses the project on demand and answers its token', async () => {
    const project = await fixtures.createProject('on-demand', '1.0')
    const component = await api.request('PUT', `/v1/component/project/${project}`, {
      token: adminJwt,
      json: {
        name: 'minimist',
        version: '1.2.5',
        classifier: 'LIBRARY',
        purl: 'pkg:npm/minimist@1.2.5',
      },
    })
    expect(component.status).toBe(201)
    await server.lookout.worker!.drain()
    await fixtures.sql(`DELETE FROM finding`)
    const response = await api.request('POST', `/v1/finding/project/${project}/analyze`, {
      token: adminJwt,
    })
    expect(response.status).toBe(200)
    expect(Object.keys(response.json)).toEqual(['token'])
    await client.waitForToken(response.json.token)
    expect(await namesWithFindings(project)).toEqual(['minimist'])
    const [job] = await fixtures.sql(
      `SELECT payload FROM job WHERE chain_id = $1 AND kind = 'vulnerability.analysis'`,
      [response.json.token],
    )
    expect(job!.payload).toMatchObject({ level: 'ON_DEMAND' })
  })

  it('answers 404 for an unknown project', async () => {
    const response = await api.request(
      'POST',
      '/v1/finding/project/00000000-0000-4000-8000-000000000000/analyze',
      { token: adminJwt },
    )
    expect(response.status).toBe(404)
    expect(response.text).toBe('The project could not be found.')
  })

  it('needs VIEW_VULNERABILITY and access to the project', async () => {
    const project = await fixtures.createProject('acl-analyze', '1.0')
    const none = await fixtures.teamKey('No vulnerabilities', ['VIEW_PORTFOLIO'])
    const viewer = await fixtures.teamKey('Vulnerability viewers', ['VIEW_VULNERABILITY'])
    const path = `/v1/finding/project/${project}/analyze`
    expect((await api.request('POST', path, { apiKey: none.key })).status).toBe(403)
    const acl = (value: string) =>
      api.request('POST', '/v1/configProperty/aggregate', {
        token: adminJwt,
        json: [
          { groupName: 'access-management', propertyName: 'acl.enabled', propertyValue: value },
        ],
      })
    expect((await acl('true')).status).toBe(200)
    try {
      const denied = await api.request('POST', path, { apiKey: viewer.key })
      expect(denied.status).toBe(403)
      expect(denied.text).toBe('Access to the specified project is forbidden')
    } finally {
      await acl('false')
    }
    expect((await api.request('POST', path, { apiKey: viewer.key })).status).toBe(200)
  })
})

describe('component create and update', () => {
  it('analyses a component created or changed through the API', async () => {
    const project = await fixtures.createProject('component-trigger', '1.0')
    const created = await api.request('PUT', `/v1/component/project/${project}`, {
      token: adminJwt,
      json: {
        name: 'requests',
        version: '2.31.0',
        classifier: 'LIBRARY',
        purl: 'pkg:pypi/requests@2.31.0',
      },
    })
    expect(created.status).toBe(201)
    await server.lookout.worker!.drain()
    expect(await namesWithFindings(project)).toEqual([])
    const updated = await api.request('POST', '/v1/component', {
      token: adminJwt,
      json: {
        uuid: created.json.uuid,
        name: 'requests',
        version: '2.30.0',
        classifier: 'LIBRARY',
        purl: 'pkg:pypi/requests@2.30.0',
      },
    })
    expect(updated.status).toBe(200)
    await server.lookout.worker!.drain()
    expect(await findingsOf(project)).toMatchObject([
      { name: 'requests', vuln_id: 'PYSEC-requests' },
    ])
  })
})

describe('settings', () => {
  it('finds nothing with the internal analyzer switched off', async () => {
    await setScanner('internal.enabled', 'false')
    try {
      const project = await fixtures.createProject('internal-off', '1.0')
      await client.waitForToken(await client.upload(project, bomOf(INVENTORY)))
      expect(await findingsOf(project)).toEqual([])
    } finally {
      await setScanner('internal.enabled', 'true')
    }
  })

  it('fuzzy matching finds CPE ranges by prefix and by a near product name when switched on', async () => {
    await fixtures.mirror([
      {
        source: 'NVD',
        vulnId: 'CVE-2099-0001',
        vulnerableSoftware: [
          cpeRange('cpe:2.3:a:zlib:zlib:*:*:*:*:*:*:*:*', { versionEndExcluding: '1.2.12' }),
        ],
      },
      {
        source: 'NVD',
        vulnId: 'CVE-2099-0002',
        vulnerableSoftware: [
          cpeRange('cpe:2.3:a:imagemagick:imagemagick:*:*:*:*:*:*:*:*', {
            versionEndExcluding: '7.1.0',
          }),
        ],
      },
    ])
    // Debian packages are the one purl type 4.13 still matches fuzzily by default.
    const inventory = [
      { name: 'zlib', version: '1.2.11', purl: 'pkg:deb/debian/zlib@1.2.11' },
      { name: 'imagemagik', version: '7.0.0', purl: 'pkg:deb/debian/imagemagik@7.0.0' },
      { name: 'zlib-npm', version: '1.2.11', purl: 'pkg:npm/zlib@1.2.11' },
    ]
    const off = await fixtures.createProject('fuzzy-off', '1.0')
    await client.waitForToken(await client.upload(off, bomOf(inventory)))
    expect(await findingsOf(off)).toEqual([])
    await setScanner('internal.fuzzy.enabled', 'true')
    try {
      const on = await fixtures.createProject('fuzzy-on', '1.0')
      await client.waitForToken(await client.upload(on, bomOf(inventory)))
      expect((await findingsOf(on)).map((f) => `${f.name} ${f.vuln_id}`)).toEqual([
        'imagemagik CVE-2099-0002',
        'zlib CVE-2099-0001',
      ])
    } finally {
      await setScanner('internal.fuzzy.enabled', 'false')
    }
  })
})
