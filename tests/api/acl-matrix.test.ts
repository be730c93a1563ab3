import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accessFixtures } from '../support/access-fixtures.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { violationFixtures } from '../support/violation-fixtures.ts'

// Contract: dt-api-portfolio.md §1.3 (the two enforcement styles) and §8 #2 (team-less
// principals: Lookout denies, docs/decisions/019-portfolio-access-control.md);
// dt-api-admin.md §10.9. Every portfolio family that reads or writes a project, with the ACL on
// and off, for five principals holding the same view permissions.

type Json = Record<string, any>
type Side = 'granted' | 'hidden'
type Auth = { token: string } | { apiKey: string }

const PERMISSIONS = [
  'VIEW_PORTFOLIO',
  'VIEW_VULNERABILITY',
  'VIEW_POLICY_VIOLATION',
  'BOM_UPLOAD',
  'PORTFOLIO_MANAGEMENT',
]
const BOM = Buffer.from(
  JSON.stringify({ bomFormat: 'CycloneDX', specVersion: '1.5', version: 1, components: [] }),
).toString('base64')

let server: TestServer
let api: ReturnType<typeof apiClient>
let admin: string
const fx = accessFixtures(
  () => api,
  () => admin,
)
const policies = violationFixtures(() => server)

/** What the matrix reads: one project the team was given and one it was not, with the same data. */
const ids = {} as Record<
  Side,
  { project: Json; component: string; child: string; upload: string }
> & { prefix: string; hash: string; vulnUuid: string; vulnId: string }
const auth = {} as Record<string, Auth>

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  admin = await api.adminToken()
  const inTeam = await fx.team(PERMISSIONS)
  const outTeam = await fx.team(PERMISSIONS)
  auth.member = { token: (await fx.user({ teams: [inTeam] })).token }
  auth.teamKey = { apiKey: await fx.teamKey(inTeam.uuid) }
  auth.outsider = { token: (await fx.user({ teams: [outTeam] })).token }
  auth.teamless = { token: (await fx.user({ permissions: PERMISSIONS })).token }
  auth.manager = {
    token: (await fx.user({ permissions: [...PERMISSIONS, 'ACCESS_MANAGEMENT'] })).token,
  }

  ids.prefix = fx.unique('matrix')
  ids.hash = randomBytes(16).toString('hex')
  for (const side of ['granted', 'hidden'] as const) {
    const name = `${ids.prefix}-${side}`
    const project = await fx.project({
      name,
      version: '1',
      isLatest: true,
      classifier: 'APPLICATION',
      tags: [{ name: ids.prefix }],
    })
    const child = await fx.project({
      name: `${name}-child`,
      parent: { uuid: ids.granted?.project.uuid ?? project.uuid },
    })
    const upload = await fx.project({ name: `${name}-upload` })
    const component = await fx.asAdmin('PUT', `/v1/component/project/${project.uuid}`, {
      name: `${ids.prefix}-lib`,
      version: '1.0',
      classifier: 'LIBRARY',
      md5: ids.hash,
    })
    expect(component.status, component.text).toBe(201)
    ids[side] = { project, component: component.json.uuid, child: child.uuid, upload: upload.uuid }
  }
  for (const uuid of [ids.granted.project.uuid, ids.granted.child, ids.granted.upload]) {
    await fx.grant(inTeam.uuid, uuid)
  }

  ids.vulnId = `INT-${ids.prefix}`
  const vulnerability = await fx.asAdmin('PUT', '/v1/vulnerability', {
    vulnId: ids.vulnId,
    severity: 'HIGH',
  })
  expect(vulnerability.status, vulnerability.text).toBe(201)
  ids.vulnUuid = vulnerability.json.uuid
  await server.lookout.worker?.drain()
  for (const side of ['granted', 'hidden'] as const) {
    const path = `/v1/vulnerability/${ids.vulnUuid}/component/${ids[side].component}`
    expect((await fx.asAdmin('POST', path)).status).toBe(200)
  }
  const policy = await policies.policy(`${ids.prefix}-policy`)
  const condition = await policies.condition(policy, 'SEVERITY', 'IS', 'HIGH')
  for (const side of ['granted', 'hidden'] as const) {
    await policies.violation(ids[side].component, condition)
  }
})
afterAll(async () => {
  await fx.setAcl(false)
  await server?.close()
})

/** Paths of the single-object reads: 200 when the principal may see the project, else 403. */
const SINGLE: Array<[string, (side: Side) => string]> = [
  ['project', (s) => `/v1/project/${ids[s].project.uuid}`],
  ['project lookup', (s) => `/v1/project/lookup?name=${ids.prefix}-${s}&version=1`],
  ['latest project', (s) => `/v1/project/latest/${ids.prefix}-${s}`],
  ['project properties', (s) => `/v1/project/${ids[s].project.uuid}/property`],
  ['project components', (s) => `/v1/component/project/${ids[s].project.uuid}`],
  ['component', (s) => `/v1/component/${ids[s].component}`],
  ['component properties', (s) => `/v1/component/${ids[s].component}/property`],
  ['project services', (s) => `/v1/service/project/${ids[s].project.uuid}`],
  ['project BOM export', (s) => `/v1/bom/cyclonedx/project/${ids[s].project.uuid}`],
  ['component BOM export', (s) => `/v1/bom/cyclonedx/component/${ids[s].component}`],
  ['project findings', (s) => `/v1/finding/project/${ids[s].project.uuid}`],
  ['project findings export', (s) => `/v1/finding/project/${ids[s].project.uuid}/export`],
  ['project violations', (s) => `/v1/violation/project/${ids[s].project.uuid}`],
  ['component violations', (s) => `/v1/violation/component/${ids[s].component}`],
  ['project vulnerabilities', (s) => `/v1/vulnerability/project/${ids[s].project.uuid}`],
  ['component vulnerabilities', (s) => `/v1/vulnerability/component/${ids[s].component}`],
  [
    'project dependency graph',
    (s) => `/v1/dependencyGraph/project/${ids[s].project.uuid}/directDependencies`,
  ],
  [
    'component dependency graph',
    (s) => `/v1/dependencyGraph/component/${ids[s].component}/directDependencies`,
  ],
  [
    'dependency graph paths',
    (s) => `/v1/component/project/${ids[s].project.uuid}/dependencyGraph/${ids[s].component}`,
  ],
]

/** Lists filtered silently: which of the two sides' markers (UUIDs) the answer holds. */
const LISTS: Array<[string, () => string, (side: Side) => string]> = [
  ['project list', () => `/v1/project?searchText=${ids.prefix}`, (s) => ids[s].project.uuid],
  ['projects by tag', () => `/v1/project/tag/${ids.prefix}`, (s) => ids[s].project.uuid],
  [
    'projects by classifier',
    () => `/v1/project/classifier/APPLICATION?searchText=${ids.prefix}`,
    (s) => ids[s].project.uuid,
  ],
  ['tag’s projects', () => `/v1/tag/${ids.prefix}/project`, (s) => ids[s].project.uuid],
  [
    'component identity search',
    () => `/v1/component/identity?name=${ids.prefix}-lib`,
    (s) => ids[s].component,
  ],
  ['component hash search', () => `/v1/component/hash/${ids.hash}`, (s) => ids[s].component],
  ['portfolio findings', () => '/v1/finding?pageSize=1000', (s) => ids[s].component],
  ['portfolio violations', () => '/v1/violation?pageSize=1000', (s) => ids[s].component],
  [
    'affected projects of a vulnerability',
    () => `/v1/vulnerability/source/INTERNAL/vuln/${ids.vulnId}/projects`,
    (s) => ids[s].project.uuid,
  ],
  [
    'a vulnerability’s components',
    () => `/v1/vulnerability/source/INTERNAL/vuln/${ids.vulnId}`,
    (s) => ids[s].component,
  ],
]

const request = (who: string, method: string, path: string, json?: unknown) =>
  api.request(method, path, { ...auth[who], json })

/** The sides a principal sees: everything without the ACL; with it, per team and permission. */
function expectedSides(who: string, aclOn: boolean): Side[] {
  if (!aclOn || who === 'manager') return ['granted', 'hidden']
  return who === 'member' || who === 'teamKey' ? ['granted'] : []
}

const PRINCIPALS = ['member', 'teamKey', 'outsider', 'teamless', 'manager']

describe.each([true, false])('portfolio ACL enabled: %s', (aclOn) => {
  beforeAll(async () => {
    await fx.setAcl(aclOn)
  })

  describe.each(PRINCIPALS)('%s', (who) => {
    const sees = () => expectedSides(who, aclOn)

    it.each(SINGLE)('%s: 200 when visible, else 403 with a sentence', async (_name, path) => {
      for (const side of ['granted', 'hidden'] as const) {
        const response = await request(who, 'GET', path(side))
        if (sees().includes(side)) {
          expect(response.status, `${side} ${response.text}`).toBe(200)
        } else {
          expect(response.status, side).toBe(403)
          expect(response.text).toMatch(/^Access to the specified (project|component) is forbidden/)
        }
      }
    })

    it.each(LISTS)('%s: holds exactly the visible sides', async (_name, path, marker) => {
      const response = await request(who, 'GET', path())
      expect(response.status, response.text).toBe(200)
      const present = (['granted', 'hidden'] as const).filter((s) =>
        response.text.includes(marker(s)),
      )
      expect(present).toEqual(sees())
    })

    it('children of a visible parent are filtered; a hidden parent is 403', async () => {
      const response = await request(who, 'GET', `/v1/project/${ids.granted.project.uuid}/children`)
      if (!sees().includes('granted')) {
        expect(response.status).toBe(403)
        return
      }
      expect(response.status).toBe(200)
      const children = response.json.map((p: Json) => p.uuid)
      expect(children).toEqual(
        sees()
          .map((side) => ids[side].child)
          .filter((uuid) => uuid !== undefined),
      )
    })

    it('tag counts hold only the visible projects', async () => {
      const response = await request(who, 'GET', `/v1/tag?searchText=${ids.prefix}`)
      expect(response.status).toBe(200)
      const tag = response.json.find((t: Json) => t.name === ids.prefix)
      expect(tag?.projectCount ?? 0).toBe(sees().length)
    })

    it('BOM upload to a project: accepted when visible, 403 otherwise', async () => {
      for (const side of ['granted', 'hidden'] as const) {
        const response = await request(who, 'PUT', '/v1/bom', {
          project: ids[side].upload,
          bom: BOM,
        })
        if (sees().includes(side)) {
          expect(response.status, response.text).toBe(200)
          await api.waitForToken(response.json.token, admin)
        } else {
          expect(response.status, side).toBe(403)
          expect(response.text).toBe('Access to the specified project is forbidden')
        }
      }
    })
  })
})
