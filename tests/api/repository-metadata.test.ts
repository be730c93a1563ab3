import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scheduleRepositoryMetadata } from '../../server/domain/repositories/triggers.ts'
import { ingest, startBomServer, type BomServer } from '../fixtures/boms/support.ts'
import { startFakeCratesIo, type FakeCratesIo } from '../support/fakes/crates-io.ts'
import { startFakeGithubRest, type FakeGithubRest } from '../support/fakes/github-rest.ts'
import { startFakeGoProxy, type FakeGoProxy } from '../support/fakes/go-proxy.ts'
import {
  startFakeMavenRepository,
  type FakeMavenRepository,
} from '../support/fakes/maven-repository.ts'
import { startFakeNpmRegistry, type FakeNpmRegistry } from '../support/fakes/npm-registry.ts'
import { startFakeNugetFeed, type FakeNugetFeed } from '../support/fakes/nuget-feed.ts'
import { startFakePackagist, type FakePackagist } from '../support/fakes/packagist.ts'
import { startFakePypi, type FakePypi } from '../support/fakes/pypi.ts'

// Contract: dt-behaviour.md §8.1–§8.2 (repository metadata analysis), dt-api-portfolio.md §3.22,
// §4.3 (repositoryMeta, onlyOutdated), §5.1 (finding component.latestVersion), §5.3–§5.4 (graphs).

let server: BomServer
let maven: FakeMavenRepository
let npm: FakeNpmRegistry
let pypi: FakePypi
let go: FakeGoProxy
let nuget: FakeNugetFeed
let cargo: FakeCratesIo
let composer: FakePackagist
let github: FakeGithubRest

type Json = Record<string, any>
const api = (method: string, path: string, json?: unknown) =>
  server.api.request(method, path, { token: server.adminJwt, json })

/** Points a default repository at a loopback fake (what an administrator would do). */
async function pointDefault(type: string, identifier: string, url: string, enabled = true) {
  const [repository] = (await api('GET', `/v1/repository/${type}`)).json.filter(
    (r: Json) => r.identifier === identifier,
  )
  const response = await api('POST', '/v1/repository', { ...repository, url, enabled })
  expect(response.status, response.text).toBe(200)
}

/** Runs every queued job, the metadata ones included. */
async function settle() {
  server.lookout.worker!.nudge()
  await server.lookout.worker!.drain()
}

const COMPONENTS = [
  {
    name: 'commons-lang3',
    group: 'org.apache.commons',
    version: '3.12.0',
    purl: 'pkg:maven/org.apache.commons/commons-lang3@3.12.0',
  },
  { name: 'widget', group: '@acme', version: '1.0.0', purl: 'pkg:npm/%40acme/widget@1.0.0' },
  { name: 'lodash', version: '4.17.21', purl: 'pkg:npm/lodash@4.17.21' },
  { name: 'requests', version: '2.28.0', purl: 'pkg:pypi/requests@2.28.0' },
  {
    name: 'toml',
    group: 'github.com/BurntSushi',
    version: 'v1.2.0',
    purl: 'pkg:golang/github.com/BurntSushi/toml@v1.2.0',
  },
  { name: 'Newtonsoft.Json', version: '12.0.1', purl: 'pkg:nuget/Newtonsoft.Json@12.0.1' },
  { name: 'serde', version: '1.0.100', purl: 'pkg:cargo/serde@1.0.100' },
  {
    name: 'monolog',
    group: 'monolog',
    version: '2.0.0',
    purl: 'pkg:composer/monolog/monolog@2.0.0',
  },
  { name: 'tool', group: 'acme', version: 'v1.0.0', purl: 'pkg:github/acme/tool@v1.0.0' },
  { name: 'openssl', version: '1.1.1', purl: 'pkg:deb/debian/openssl@1.1.1' },
]

const EXPECTED_LATEST: Record<string, string> = {
  'commons-lang3': '3.14.0',
  widget: '2.1.0',
  lodash: '4.17.21',
  requests: '2.31.0',
  toml: 'v1.3.2',
  'Newtonsoft.Json': '13.0.3',
  serde: '1.0.193',
  monolog: '3.5.0',
  tool: 'v2.0.0',
}

function bomWithGraph(components: typeof COMPONENTS) {
  const refs = components.map((_, index) => `c${index}`)
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    metadata: { component: { type: 'application', name: 'app', 'bom-ref': 'root' } },
    components: components.map((c, index) => ({ type: 'library', 'bom-ref': refs[index], ...c })),
    dependencies: [
      { ref: 'root', dependsOn: refs },
      ...refs.map((ref) => ({ ref, dependsOn: [] })),
    ],
  })
}

beforeAll(async () => {
  server = await startBomServer()
  ;[maven, npm, pypi, go, nuget, cargo, composer, github] = await Promise.all([
    startFakeMavenRepository(),
    startFakeNpmRegistry(),
    startFakePypi(),
    startFakeGoProxy(),
    startFakeNugetFeed(),
    startFakeCratesIo(),
    startFakePackagist(),
    startFakeGithubRest(),
  ])
  maven.artifacts.set('org.apache.commons:commons-lang3', {
    versions: ['3.12.0', '3.13.0', '3.14.0'],
    release: '3.14.0',
    lastUpdated: '20231120184226',
  })
  npm.distTags.set('@acme/widget', { latest: '2.1.0', next: '3.0.0-beta.1' })
  npm.distTags.set('lodash', { latest: '4.17.21' })
  pypi.projects.set('requests', {
    version: '2.31.0',
    releases: { '2.28.0': '2022-06-29T15:15:00', '2.31.0': '2023-05-22T15:12:44' },
  })
  go.modules.set('github.com/BurntSushi/toml', { Version: 'v1.3.2', Time: '2023-06-08T06:12:23Z' })
  nuget.packages.set('Newtonsoft.Json', {
    '12.0.1': '2018-11-27T00:00:00+00:00',
    '13.0.3': '2023-03-08T07:42:54.647+00:00',
    '13.0.4-beta1': '2024-01-01T00:00:00+00:00',
    '9.0.1': '2016-06-22T00:00:00+00:00',
  })
  cargo.crates.set('serde', {
    newest: '1.0.193',
    versions: { '1.0.100': '2019-09-07T00:00:00Z', '1.0.193': '2023-11-21T01:33:01.012345+00:00' },
  })
  composer.packages.set('monolog/monolog', [
    { version: '3.5.0', time: '2023-10-27T15:32:31+00:00' },
    { version: '3.4.0', time: '2023-06-21T08:46:11+00:00' },
    { version: '2.0.0', time: '2019-08-30T09:56:44+00:00' },
  ])
  github.repositories.set('acme/tool', {
    releases: [
      { tag: 'v2.0.0', publishedAt: '2024-02-01T00:00:00Z' },
      { tag: 'v1.0.0', publishedAt: '2023-01-15T00:00:00Z' },
    ],
    commits: [{ sha: 'f00dfeed1234567890', date: '2024-02-02T00:00:00Z' }],
  })
  await pointDefault('MAVEN', 'central', maven.repositoryUrl)
  await pointDefault('NPM', 'npm-public-registry', `${npm.url}/`)
  await pointDefault('PYPI', 'pypi.org', `${pypi.url}/`)
  await pointDefault('GO_MODULES', 'proxy.golang.org', go.url)
  await pointDefault('NUGET', 'nuget-gallery', `${nuget.url}/`)
  await pointDefault('CARGO', 'crates.io', cargo.url)
  await pointDefault('COMPOSER', 'packagist', `${composer.url}/`)
  await pointDefault('GITHUB', 'github.com', github.url)
}, 60_000)

afterAll(async () => {
  await server?.close()
  await Promise.all(
    [maven, npm, pypi, go, nuget, cargo, composer, github].map((fake) => fake?.close()),
  )
})

let projectUuid: string

describe('after a BOM upload', () => {
  it('fetches every package’s latest version beside the upload’s chain', async () => {
    npm.faults.push(503) // a passing outage: tried again
    const token = await ingest(
      server,
      { projectName: 'meta-app', autoCreate: true },
      bomWithGraph(COMPONENTS),
    )
    // Its own job, outside the upload's chain: the token never waits for the repositories.
    const jobs = await server.db.query<{ chain_id: string }>(
      "SELECT chain_id FROM job WHERE kind = 'repository.metadata'",
    )
    expect(jobs.length).toBeGreaterThan(0)
    expect(jobs.map((job) => job.chain_id)).not.toContain(token)
    await settle()
    const [project] = await server.db.query<{ uuid: string }>(
      "SELECT uuid FROM project WHERE name = 'meta-app'",
    )
    projectUuid = project!.uuid
    const rows = await server.db.query<Json>(
      'SELECT repository_type, namespace, name, latest_version, published FROM repository_meta_component',
    )
    const latest = Object.fromEntries(rows.map((r) => [r.name, r.latest_version]))
    expect(latest).toEqual(EXPECTED_LATEST)
    const byName = new Map(rows.map((r) => [r.name, r]))
    expect(byName.get('widget')).toMatchObject({ repository_type: 'NPM', namespace: '@acme' })
    expect(byName.get('toml')).toMatchObject({
      repository_type: 'GO_MODULES',
      namespace: 'github.com/BurntSushi',
    })
    expect(new Date(byName.get('commons-lang3')!.published).toISOString()).toBe(
      '2023-11-20T18:42:26.000Z',
    )
    expect(new Date(byName.get('requests')!.published).toISOString()).toBe(
      '2023-05-22T15:12:44.123Z',
    )
    expect(new Date(byName.get('Newtonsoft.Json')!.published).toISOString()).toBe(
      '2023-03-08T07:42:54.647Z',
    )
    expect(new Date(byName.get('monolog')!.published).toISOString()).toBe(
      '2023-10-27T15:32:31.000Z',
    )
    // GitHub: v1.0.0 is a release, so the latest release and the date of the one in use.
    expect(new Date(byName.get('tool')!.published).toISOString()).toBe('2023-01-15T00:00:00.000Z')
    expect(go.requests).toContain('/github.com/!burnt!sushi/toml/@latest')
  })

  it('shows repositoryMeta on the project’s components and filters the outdated ones in SQL', async () => {
    const list = await api('GET', `/v1/component/project/${projectUuid}?limit=100&offset=0`)
    const meta = Object.fromEntries(
      list.json.map((c: Json) => [c.name, c.repositoryMeta?.latestVersion]),
    )
    expect(meta).toEqual({ ...EXPECTED_LATEST, openssl: undefined })
    const widget = list.json.find((c: Json) => c.name === 'widget')
    expect(widget.repositoryMeta).toEqual({
      repositoryType: 'NPM',
      namespace: '@acme',
      name: 'widget',
      latestVersion: '2.1.0',
      lastCheck: expect.any(Number),
    })
    const outdated = await api('GET', `/v1/component/project/${projectUuid}?onlyOutdated=true`)
    expect(outdated.headers.get('x-total-count')).toBe('8')
    const names = outdated.json.map((c: Json) => c.name).sort()
    expect(names).toEqual(
      Object.keys(EXPECTED_LATEST)
        .filter((n) => n !== 'lodash')
        .sort(),
    )
  })

  it('adds repositoryMeta to one component only when asked, and to identity search', async () => {
    const [serde] = (await api('GET', `/v1/component/project/${projectUuid}?searchText=serde`)).json
    const plain = await api('GET', `/v1/component/${serde.uuid}`)
    expect(plain.json.repositoryMeta).toBeUndefined()
    const withMeta = await api('GET', `/v1/component/${serde.uuid}?includeRepositoryMetaData=true`)
    expect(withMeta.json.repositoryMeta).toMatchObject({
      repositoryType: 'CARGO',
      latestVersion: '1.0.193',
    })
    const identity = await api('GET', '/v1/component/identity?name=serde')
    expect(identity.json[0].repositoryMeta.latestVersion).toBe('1.0.193')
    const latest = await api('GET', '/v1/repository/latest?purl=pkg:cargo/serde@1.0.0')
    expect(latest.json).toMatchObject({
      repositoryType: 'CARGO',
      name: 'serde',
      latestVersion: '1.0.193',
    })
    expect(latest.json.published).toBe(Date.parse('2023-11-21T01:33:01.012Z'))
  })

  it('gives findings and dependency-graph responses the latest version', async () => {
    const [component] = await server.db.query<{ id: number; project_id: number; uuid: string }>(
      "SELECT id, project_id, uuid FROM component WHERE name = 'requests'",
    )
    await server.db.query(
      `WITH v AS (INSERT INTO vulnerability (vuln_id, source, severity) VALUES ('INT-META-1', 'INTERNAL', 'HIGH') RETURNING id)
       INSERT INTO finding (project_id, component_id, vulnerability_id, analyzer_identity)
       SELECT $1, $2, v.id, 'INTERNAL_ANALYZER' FROM v`,
      [component!.project_id, component!.id],
    )
    const findings = await api('GET', `/v1/finding/project/${projectUuid}`)
    expect(findings.json[0].component).toMatchObject({ name: 'requests', latestVersion: '2.31.0' })
    const direct = await api('GET', `/v1/dependencyGraph/project/${projectUuid}/directDependencies`)
    const byName = Object.fromEntries(direct.json.map((d: Json) => [d.name, d.latestVersion]))
    expect(byName.requests).toBe('2.31.0')
    expect(byName.openssl).toBeUndefined()
    const graph = await api(
      'GET',
      `/v1/component/project/${projectUuid}/dependencyGraph/${component!.uuid}`,
    )
    expect(graph.json[component!.uuid].repositoryMeta).toEqual({ latestVersion: '2.31.0' })
  })

  it('does not ask again within 12 hours; after them it does', async () => {
    const before = cargo.requests.length
    await ingest(server, { projectName: 'meta-app', autoCreate: true }, bomWithGraph(COMPONENTS))
    await settle()
    expect(cargo.requests.length).toBe(before)
    // Thirteen hours later: the package record and the repository's answer are stale.
    await server.db.query(
      "UPDATE repository_meta_component SET last_check = now() - interval '13 hours' WHERE name = 'serde'",
    )
    await ingest(server, { projectName: 'meta-app', autoCreate: true }, bomWithGraph(COMPONENTS))
    await settle()
    expect(cargo.requests.length).toBe(before) // the repository's cached answer is still valid
    await server.db.query(
      "UPDATE component_analysis_cache SET updated_at = now() - interval '13 hours' WHERE source = 'REPOSITORY'",
    )
    await server.db.query(
      "UPDATE repository_meta_component SET last_check = now() - interval '13 hours' WHERE name = 'serde'",
    )
    cargo.crates.get('serde')!.newest = '1.0.100'
    await ingest(server, { projectName: 'meta-app', autoCreate: true }, bomWithGraph(COMPONENTS))
    await settle()
    expect(cargo.requests.length).toBe(before + 1)
    const latest = await api('GET', '/v1/repository/latest?purl=pkg:cargo/serde')
    expect(latest.json.latestVersion).toBe('1.0.100')
  })
})

async function createComponent(project: string, body: Json) {
  const response = await api('PUT', `/v1/component/project/${project}`, {
    classifier: 'LIBRARY',
    ...body,
  })
  expect(response.status, response.text).toBe(201)
  await settle()
  return response.json as Json
}

describe('a component created through the API', () => {
  it('is looked up after a 429, waiting as Retry-After says', async () => {
    maven.artifacts.set('org.example:retry-me', {
      versions: ['1.0', '1.5'],
      release: '1.5',
      lastUpdated: '20240101000000',
    })
    maven.faults.push({
      status: 429,
      headers: { 'retry-after': '2' },
      json: { message: 'slow down' },
    })
    const before = maven.requests.length
    const started = Date.now()
    await createComponent(projectUuid, {
      name: 'retry-me',
      group: 'org.example',
      version: '1.0',
      purl: 'pkg:maven/org.example/retry-me@1.0',
    })
    expect(Date.now() - started).toBeGreaterThanOrEqual(2000)
    expect(maven.requests.length).toBe(before + 1) // the 429 came from the fault, then one real answer
    const latest = await api('GET', '/v1/repository/latest?purl=pkg:maven/org.example/retry-me')
    expect(latest.json.latestVersion).toBe('1.5')
  })

  it('asks repositories in resolution order; the first that knows a latest version wins', async () => {
    const second = await startFakeNpmRegistry()
    try {
      second.distTags.set('only-second', { latest: '9.0.0' })
      second.distTags.set('lodash-like', { latest: '99.0.0' })
      npm.distTags.set('lodash-like', { latest: '1.2.3' })
      const made = await api('PUT', '/v1/repository', {
        type: 'NPM',
        identifier: 'second-npm',
        url: second.url,
        enabled: true,
        internal: false,
        authenticationRequired: false,
      })
      expect(made.json.resolutionOrder).toBe(2)
      await createComponent(projectUuid, {
        name: 'only-second',
        version: '1.0.0',
        purl: 'pkg:npm/only-second@1.0.0',
      })
      await createComponent(projectUuid, {
        name: 'lodash-like',
        version: '1.0.0',
        purl: 'pkg:npm/lodash-like@1.0.0',
      })
      const only = await api('GET', '/v1/repository/latest?purl=pkg:npm/only-second')
      expect(only.json.latestVersion).toBe('9.0.0')
      const both = await api('GET', '/v1/repository/latest?purl=pkg:npm/lodash-like')
      expect(both.json.latestVersion).toBe('1.2.3')
      expect(second.requests).not.toContain('/-/package/lodash-like/dist-tags')
      await api('DELETE', `/v1/repository/${made.json.uuid}`)
    } finally {
      await second.close()
    }
  })

  it('an internal component asks only internal repositories, with their credentials', async () => {
    const internal = await startFakeMavenRepository()
    try {
      internal.artifacts.set('com.acme.internal:core', {
        versions: ['1.0', '2.0'],
        release: '2.0',
        lastUpdated: '20240301000000',
      })
      maven.artifacts.set('com.acme.internal:core', {
        versions: ['1.0', '66.6'],
        release: '66.6',
        lastUpdated: '20240301000000',
      })
      await api('POST', '/v1/configProperty', {
        groupName: 'internal-components',
        propertyName: 'groups.regex',
        propertyValue: 'com\\.acme\\..*',
      })
      const made = await api('PUT', '/v1/repository', {
        type: 'MAVEN',
        identifier: 'acme-internal',
        url: internal.repositoryUrl,
        enabled: true,
        internal: true,
        authenticationRequired: true,
        username: 'ci',
        password: 'hunter2-secret',
      })
      expect(made.status, made.text).toBe(201)
      const before = maven.requests.length
      const component = await createComponent(projectUuid, {
        name: 'core',
        group: 'com.acme.internal',
        version: '1.0',
        purl: 'pkg:maven/com.acme.internal/core@1.0',
      })
      expect(component.isInternal).toBe(true)
      const latest = await api('GET', '/v1/repository/latest?purl=pkg:maven/com.acme.internal/core')
      expect(latest.json.latestVersion).toBe('2.0')
      expect(maven.requests.length).toBe(before)
      expect(internal.authorizations.at(-1)).toBe(
        `Basic ${Buffer.from('ci:hunter2-secret').toString('base64')}`,
      )
    } finally {
      await internal.close()
    }
  })
})

describe('the scheduled portfolio run', () => {
  const portfolioJobs = () =>
    server.db.query<{ id: number; status: string; run_at: string }>(
      "SELECT id, status, run_at FROM job WHERE kind = 'repository.metadata.portfolio' ORDER BY id",
    )

  it('waits an hour after start-up, runs over active projects only, then follows the cadence', async () => {
    await scheduleRepositoryMetadata(server.db, server.lookout.ctx!.enqueue, { atStartup: true })
    await scheduleRepositoryMetadata(server.db, server.lookout.ctx!.enqueue, { atStartup: true })
    const [waiting, ...more] = await portfolioJobs()
    expect(more).toHaveLength(0) // one waits at a time
    const delay = new Date(waiting!.run_at).getTime() - Date.now()
    expect(delay).toBeGreaterThan(59 * 60_000)
    expect(delay).toBeLessThanOrEqual(60 * 60_000)

    cargo.crates.set('active-crate', {
      newest: '2.0.0',
      versions: { '2.0.0': '2024-01-01T00:00:00Z' },
    })
    cargo.crates.set('inactive-crate', {
      newest: '3.0.0',
      versions: { '3.0.0': '2024-01-01T00:00:00Z' },
    })
    await server.db.query(
      `WITH p AS (INSERT INTO project (name, active) VALUES ('meta-active', true), ('meta-inactive', false)
                  RETURNING id, name)
       INSERT INTO component (project_id, name, version, purl)
       SELECT id, CASE WHEN name = 'meta-active' THEN 'active-crate' ELSE 'inactive-crate' END, '1.0.0',
              CASE WHEN name = 'meta-active' THEN 'pkg:cargo/active-crate@1.0.0' ELSE 'pkg:cargo/inactive-crate@1.0.0' END
       FROM p`,
    )
    await server.db.query(
      "UPDATE job SET run_at = now() WHERE kind = 'repository.metadata.portfolio'",
    )
    await settle()
    expect(
      (await api('GET', '/v1/repository/latest?purl=pkg:cargo/active-crate')).json.latestVersion,
    ).toBe('2.0.0')
    expect((await api('GET', '/v1/repository/latest?purl=pkg:cargo/inactive-crate')).status).toBe(
      404,
    )
    expect(cargo.requests).not.toContain('/api/v1/crates/inactive-crate')

    // The next one is due a cadence (config, hours) after the last run ended.
    await server.db.query(
      `UPDATE config_property SET property_value = '1'
       WHERE group_name = 'task-scheduler' AND property_name = 'repository.metadata.fetch.cadence'`,
    )
    await scheduleRepositoryMetadata(server.db, server.lookout.ctx!.enqueue, { atStartup: false })
    expect((await portfolioJobs()).filter((job) => job.status === 'queued')).toHaveLength(0)
    await server.db.query(
      "UPDATE job SET finished_at = now() - interval '2 hours' WHERE kind = 'repository.metadata.portfolio'",
    )
    await scheduleRepositoryMetadata(server.db, server.lookout.ctx!.enqueue, { atStartup: false })
    // Due at once (the worker may have claimed it already).
    const next = (await portfolioJobs()).filter((job) => job.status !== 'succeeded')
    expect(next).toHaveLength(1)
    expect(Math.abs(new Date(next[0]!.run_at).getTime() - Date.now())).toBeLessThan(60_000)
    await settle()
  })
})
