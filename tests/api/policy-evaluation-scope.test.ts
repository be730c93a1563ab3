import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { analysisClient } from '../support/analysis-fixtures.ts'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import {
  licensedBom,
  evaluationFixtures,
  type PolicySpec,
} from '../support/policy-evaluation-fixtures.ts'

// Contract: dt-behaviour.md §3.2 (which policies apply to a project: global, assigned, assigned
// to an ancestor with includeChildren, tagged; onlyLatestProjectVersion), §3.3 (the subjects
// that read licenses, hashes and repository metadata, through a real BOM upload), §8.2.

let server: TestServer
let api: ReturnType<typeof apiClient>
let adminJwt: string
const policies = evaluationFixtures(() => server)
const client = analysisClient(
  () => api,
  () => adminJwt,
)

beforeAll(async () => {
  server = await startApiServer()
  api = apiClient(server.baseUrl)
  adminJwt = await api.adminToken()
})

afterAll(async () => {
  await server?.close()
})

beforeEach(async () => {
  await policies.deletePolicies()
})

async function createProject(name: string, fields: Record<string, unknown> = {}) {
  const response = await api.request('PUT', '/v1/project', {
    token: adminJwt,
    json: { name, version: '1.0', classifier: 'APPLICATION', ...fields },
  })
  expect(response.status, response.text).toBe(201)
  return response.json.uuid as string
}

const LEFT_PAD = [{ name: 'left-pad', version: '1.3.0', purl: 'pkg:npm/left-pad@1.3.0' }]

async function projectWithLeftPad(name: string, fields: Record<string, unknown> = {}) {
  const uuid = await createProject(name, fields)
  await client.waitForToken(await client.upload(uuid, licensedBom(LEFT_PAD)))
  return uuid
}

/** The left-pad condition, limited as the test says. */
const banLeftPad = (limits: Partial<PolicySpec>) =>
  policies.policy({
    name: 'Ban left-pad',
    conditions: [{ subject: 'PACKAGE_URL', operator: 'MATCHES', value: 'left-pad' }],
    ...limits,
  })

async function evaluate(projectUuid: string) {
  const response = await api.request('POST', `/v1/finding/project/${projectUuid}/analyze`, {
    token: adminJwt,
  })
  expect(response.status, response.text).toBe(200)
  await client.waitForToken(response.json.token)
  return (await policies.violations(projectUuid)).length
}

describe('which policies apply', () => {
  it('a global policy applies everywhere; an assigned one only to its projects', async () => {
    const assigned = await projectWithLeftPad('scope-assigned')
    const other = await projectWithLeftPad('scope-other')
    const { uuid } = await banLeftPad({})
    expect(await evaluate(other)).toBe(1)
    await policies.limitToProject(uuid, assigned)
    expect(await evaluate(assigned)).toBe(1)
    expect(await evaluate(other)).toBe(0)
  })

  it('includeChildren reaches every descendant of an assigned project', async () => {
    const parent = await createProject('scope-parent')
    const child = await createProject('scope-child', { parent: { uuid: parent } })
    const grandchild = await projectWithLeftPad('scope-grandchild', { parent: { uuid: child } })
    await banLeftPad({ projects: [parent] })
    expect(await evaluate(grandchild)).toBe(0)
    await policies.deletePolicies()
    await banLeftPad({ projects: [parent], includeChildren: true })
    expect(await evaluate(grandchild)).toBe(1)
  })

  it('a tagged policy applies to projects with one of its tags (not to their children)', async () => {
    const tagged = await projectWithLeftPad('scope-tagged', { tags: [{ name: 'payments' }] })
    const child = await projectWithLeftPad('scope-tagged-child', { parent: { uuid: tagged } })
    await banLeftPad({ tags: ['payments', 'unused'] })
    expect(await evaluate(tagged)).toBe(1)
    expect(await evaluate(child)).toBe(0)
  })

  it('onlyLatestProjectVersion skips versions that are not the latest', async () => {
    const old = await projectWithLeftPad('scope-versions', { version: '1.0', isLatest: false })
    const latest = await projectWithLeftPad('scope-versions', { version: '2.0', isLatest: true })
    await banLeftPad({ onlyLatestProjectVersion: true })
    expect(await evaluate(old)).toBe(0)
    expect(await evaluate(latest)).toBe(1)
  })
})

describe('conditions on licenses, hashes and repository metadata', () => {
  const SHA1 = 'a'.repeat(40)

  it('license expressions: WITH, OR and unresolved licenses', async () => {
    const group = await policies.licenseGroup('Scope allow-list', [
      'MIT',
      'GPL-2.0-with-classpath-exception',
    ])
    await policies.policy({
      name: 'Allowed licenses only',
      conditions: [{ subject: 'LICENSE_GROUP', operator: 'IS_NOT', value: group }],
    })
    await policies.policy({
      name: 'No unresolved',
      conditions: [{ subject: 'LICENSE', operator: 'IS', value: 'unresolved' }],
    })
    const project = await createProject('scope-licenses')
    const bom = licensedBom([
      { name: 'classpath', expression: 'GPL-2.0 WITH Classpath-exception-2.0' },
      { name: 'choice', expression: 'MIT OR Apache-2.0' },
      { name: 'named', licenseName: 'Acme Commercial License' },
      // An expression given where a license name belongs counts as the expression.
      { name: 'spelled', licenseName: 'MIT OR GPL-3.0-only' },
      { name: 'plain', licenseId: 'MIT' },
    ])
    await client.waitForToken(await client.upload(project, bom))
    // `GPL-2.0 WITH Classpath-exception-2.0` is looked up as the id
    // `GPL-2.0-with-Classpath-exception-2.0`, which the catalogue does not have.
    expect(await policies.violationLines(project)).toEqual([
      'classpath → Allowed licenses only (LICENSE_GROUP, LICENSE)',
      'classpath → No unresolved (LICENSE, LICENSE)',
      'named → Allowed licenses only (LICENSE_GROUP, LICENSE)',
      'named → No unresolved (LICENSE, LICENSE)',
    ])
  })

  it('COMPONENT_HASH IS and IS_NOT', async () => {
    await policies.policy({
      name: 'Known bad build',
      conditions: [
        {
          subject: 'COMPONENT_HASH',
          operator: 'IS',
          value: JSON.stringify({ algorithm: 'SHA-1', value: SHA1.toUpperCase() }),
        },
      ],
    })
    await policies.policy({
      name: 'Pinned build',
      conditions: [
        {
          subject: 'COMPONENT_HASH',
          operator: 'IS_NOT',
          value: JSON.stringify({ algorithm: 'SHA-1', value: SHA1 }),
        },
      ],
    })
    const project = await createProject('scope-hashes')
    const bom = licensedBom([
      { name: 'bad', hashes: [{ alg: 'SHA-1', content: SHA1 }] },
      { name: 'unhashed' },
    ])
    await client.waitForToken(await client.upload(project, bom))
    expect(await policies.violationLines(project)).toEqual([
      'bad → Known bad build (COMPONENT_HASH, OPERATIONAL)',
      'unhashed → Pinned build (COMPONENT_HASH, OPERATIONAL)',
    ])
  })

  it('AGE and VERSION_DISTANCE read the repository metadata of direct dependencies', async () => {
    const published = new Date(Date.now() - 400 * 86_400_000)
    await policies.repositoryMeta({
      repositoryType: 'NPM',
      name: 'stale',
      latestVersion: '4.1.0',
      published,
    })
    await policies.repositoryMeta({ repositoryType: 'NPM', name: 'fresh', latestVersion: '1.0.1' })
    await policies.policy({
      name: 'Older than a year',
      conditions: [{ subject: 'AGE', operator: 'NUMERIC_GREATER_THAN', value: 'P1Y' }],
    })
    await policies.policy({
      name: 'Two majors behind',
      conditions: [
        {
          subject: 'VERSION_DISTANCE',
          operator: 'NUMERIC_GREATER_THAN_OR_EQUAL',
          value: '{"major":"2"}',
        },
      ],
    })
    const project = await createProject('scope-repository')
    const components = ['stale', 'fresh', 'transitive'].map((name) => ({
      name,
      version: '1.0.0',
      purl: `pkg:npm/${name}@1.0.0`,
    }))
    await policies.repositoryMeta({
      repositoryType: 'NPM',
      name: 'transitive',
      latestVersion: '9.0.0',
    })
    const bom = licensedBom(components, ['stale', 'fresh'])
    await client.waitForToken(await client.upload(project, bom))
    // `transitive` is three majors behind but not a direct dependency; `fresh` has no date.
    expect(await policies.violationLines(project)).toEqual([
      'stale → Older than a year (AGE, OPERATIONAL)',
      'stale → Two majors behind (VERSION_DISTANCE, OPERATIONAL)',
    ])
  })
})
