import { brotliCompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { HttpOptions } from '../../analysis/external/http.ts'
import { composer, expandMinified } from './composer.ts'
import { github, githubApi } from './github.ts'
import { maven } from './maven.ts'
import type { ClientContext, PackageQuery, RepositoryTarget } from './model.ts'
import { nixpkgs } from './nixpkgs.ts'
import { highestRelease, nuget } from './nuget.ts'
import { caseEncode, cargo, cpan, gem, goModules, hackage, hex, npm, pypi } from './registries.ts'

// Payloads in the shapes the real services answer (dt-behaviour §8.2 names the fields read).

type Route = (url: URL, init: RequestInit) => Response | Promise<Response>

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
const notFound = () => new Response('Not Found', { status: 404 })

/** A fake fetch answering by path; records every URL and its headers. */
function fakeFetch(routes: Record<string, Route>) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = []
  const fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(String(input))
    calls.push({ url: url.toString(), headers: (init.headers ?? {}) as Record<string, string> })
    const route = routes[url.pathname]
    return route ? route(url, init) : notFound()
  }) as typeof globalThis.fetch
  return { fetch, calls }
}

function contextOf(fetch: typeof globalThis.fetch, overrides: Partial<HttpOptions> = {}) {
  const sleeps: number[] = []
  const http: HttpOptions = {
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    timeoutMs: 1000,
    retries: 2,
    delayMs: 10,
    maxDelayMs: 5000,
    ...overrides,
  }
  const context: ClientContext = { http, memo: new Map() }
  return { context, sleeps }
}

const repo = (url: string, credentials: RepositoryTarget['credentials'] = null) => ({
  url,
  credentials,
})
const pkg = (name: string, namespace: string | null = null, version: string | null = null) =>
  ({ name, namespace, version }) satisfies PackageQuery

describe('Maven', () => {
  const xml = (release: string | null) => `<?xml version="1.0" encoding="UTF-8"?>
<metadata>
  <groupId>org.apache.commons</groupId>
  <artifactId>commons-lang3</artifactId>
  <versioning>
    <latest>3.15.0-SNAPSHOT</latest>
    ${release ? `<release>${release}</release>` : ''}
    <versions><version>3.13.0</version><version>3.14.0</version></versions>
    <lastUpdated>20231120184226</lastUpdated>
  </versioning>
</metadata>`

  it('reads versioning/release and lastUpdated from maven-metadata.xml under the group path', async () => {
    const { fetch, calls } = fakeFetch({
      '/maven2/org/apache/commons/commons-lang3/maven-metadata.xml': () =>
        new Response(xml('3.14.0'), { headers: { 'content-type': 'text/xml' } }),
    })
    const answer = await maven(
      repo('https://repo.example/maven2/'),
      pkg('commons-lang3', 'org.apache.commons'),
      contextOf(fetch).context,
    )
    expect(answer).toEqual({
      latestVersion: '3.14.0',
      published: new Date('2023-11-20T18:42:26Z'),
    })
    expect(calls[0]!.url).toBe(
      'https://repo.example/maven2/org/apache/commons/commons-lang3/maven-metadata.xml',
    )
  })

  it('stores nothing without a release element (latest is not used), nor for an unknown artifact', async () => {
    const { fetch } = fakeFetch({
      '/org/acme/snap/maven-metadata.xml': () => new Response(xml(null)),
    })
    const { context } = contextOf(fetch)
    expect(await maven(repo('https://r.example'), pkg('snap', 'org.acme'), context)).toBeNull()
    expect(await maven(repo('https://r.example'), pkg('gone', 'org.acme'), context)).toBeNull()
  })

  it('sends Basic credentials of a repository that requires them', async () => {
    const { fetch, calls } = fakeFetch({})
    await maven(
      repo('https://r.example', { username: 'ci', password: 'pw' }),
      pkg('x', 'org.acme'),
      contextOf(fetch).context,
    )
    expect(calls[0]!.headers.authorization).toBe(`Basic ${btoa('ci:pw')}`)
  })
})

describe('npm', () => {
  it('reads dist-tags.latest, scoped names url-encoded as @ns/name', async () => {
    const { fetch, calls } = fakeFetch({
      '/-/package/%40angular%2Fcore/dist-tags': () =>
        json({ latest: '17.3.0', next: '18.0.0-rc.1', 'v16-lts': '16.2.12' }),
    })
    const answer = await npm(
      repo('https://registry.example/'),
      pkg('core', '@angular'),
      contextOf(fetch).context,
    )
    expect(answer).toEqual({ latestVersion: '17.3.0', published: null })
    expect(calls[0]!.url).toBe('https://registry.example/-/package/%40angular%2Fcore/dist-tags')
  })

  it('answers null for an unknown package (404)', async () => {
    const { fetch } = fakeFetch({})
    expect(await npm(repo('https://r.example'), pkg('nope'), contextOf(fetch).context)).toBeNull()
  })
})

describe('PyPI', () => {
  it('reads info.version and the first file’s upload time of that release', async () => {
    const { fetch } = fakeFetch({
      '/pypi/requests/json': () =>
        json({
          info: { name: 'requests', version: '2.31.0' },
          releases: {
            '2.31.0': [
              {
                filename: 'requests-2.31.0-py3-none-any.whl',
                upload_time: '2023-05-22T15:12:42',
                upload_time_iso_8601: '2023-05-22T15:12:42.313790Z',
              },
              { filename: 'requests-2.31.0.tar.gz', upload_time: '2023-05-22T15:12:44' },
            ],
          },
          urls: [],
        }),
    })
    expect(
      await pypi(repo('https://pypi.example'), pkg('requests'), contextOf(fetch).context),
    ).toEqual({
      latestVersion: '2.31.0',
      published: new Date('2023-05-22T15:12:42.313Z'),
    })
  })
})

describe('RubyGems, Cargo, Hex, CPAN, Hackage', () => {
  it('RubyGems: version of latest.json ("unknown" means no gem)', async () => {
    const { fetch } = fakeFetch({
      '/api/v1/versions/rails/latest.json': () => json({ version: '7.1.3' }),
      '/api/v1/versions/nothing/latest.json': () => json({ version: 'unknown' }),
    })
    const { context } = contextOf(fetch)
    expect(
      (await gem(repo('https://rubygems.example/'), pkg('rails'), context))?.latestVersion,
    ).toBe('7.1.3')
    expect(await gem(repo('https://rubygems.example/'), pkg('nothing'), context)).toBeNull()
  })

  it('Cargo: crate.newest_version and that version’s created_at', async () => {
    const { fetch } = fakeFetch({
      '/api/v1/crates/serde': () =>
        json({
          crate: { id: 'serde', name: 'serde', newest_version: '1.0.193', max_version: '1.0.193' },
          versions: [
            { num: '1.0.193', created_at: '2023-11-21T01:33:01.012345+00:00', yanked: false },
            { num: '1.0.192', created_at: '2023-11-07T00:00:00+00:00', yanked: false },
          ],
        }),
    })
    expect(
      await cargo(repo('https://crates.example'), pkg('serde'), contextOf(fetch).context),
    ).toEqual({
      latestVersion: '1.0.193',
      published: new Date('2023-11-21T01:33:01.012Z'),
    })
  })

  it('Hex: the first release', async () => {
    const { fetch } = fakeFetch({
      '/api/packages/phoenix': () =>
        json({
          name: 'phoenix',
          releases: [
            { version: '1.7.10', inserted_at: '2023-11-03T18:51:27.563410Z', url: 'x' },
            { version: '1.7.9', inserted_at: '2023-10-11T00:00:00Z', url: 'y' },
          ],
        }),
    })
    expect(
      await hex(repo('https://hex.example/'), pkg('phoenix'), contextOf(fetch).context),
    ).toEqual({
      latestVersion: '1.7.10',
      published: new Date('2023-11-03T18:51:27.563Z'),
    })
  })

  it('CPAN: version and date of the module (a numeric version too)', async () => {
    const { fetch } = fakeFetch({
      '/v1/module/Moose': () =>
        json({ name: 'Moose.pm', version: 2.2206, date: '2023-07-23T19:17:08' }),
    })
    const answer = await cpan(
      repo('https://cpan.example/v1/'),
      pkg('Moose'),
      contextOf(fetch).context,
    )
    expect(answer?.latestVersion).toBe('2.2206')
    expect(answer?.published?.getUTCFullYear()).toBe(2023)
  })

  it('Hackage: the first normal version of /preferred', async () => {
    const { fetch } = fakeFetch({
      '/package/aeson/preferred': () =>
        json({ 'normal-version': ['2.2.1.0', '2.2.0.0'], 'deprecated-version': ['2.1.0.0'] }),
    })
    expect(
      (await hackage(repo('https://hackage.example/'), pkg('aeson'), contextOf(fetch).context))
        ?.latestVersion,
    ).toBe('2.2.1.0')
  })
})

describe('Go modules', () => {
  it('case-encodes the module path and reads Version and Time of @latest', async () => {
    expect(caseEncode('github.com/BurntSushi/toml')).toBe('github.com/!burnt!sushi/toml')
    const { fetch, calls } = fakeFetch({
      '/github.com/!burnt!sushi/toml/@latest': () =>
        json({ Version: 'v1.3.2', Time: '2023-06-08T06:12:23Z' }),
    })
    const answer = await goModules(
      repo('https://proxy.example'),
      pkg('toml', 'github.com/BurntSushi'),
      contextOf(fetch).context,
    )
    expect(answer).toEqual({ latestVersion: 'v1.3.2', published: new Date('2023-06-08T06:12:23Z') })
    expect(calls[0]!.url).toBe('https://proxy.example/github.com/!burnt!sushi/toml/@latest')
  })
})

describe('NuGet', () => {
  const index = (base: string) => ({
    version: '3.0.0',
    resources: [
      { '@id': `${base}/query`, '@type': 'SearchQueryService' },
      { '@id': `${base}/flat/`, '@type': 'PackageBaseAddress/3.0.0' },
      { '@id': `${base}/reg/`, '@type': 'RegistrationsBaseUrl/3.6.0' },
    ],
  })

  it('takes the highest version without a pre-release, by NuGet’s ordering', () => {
    expect(highestRelease(['9.0.1', '13.0.3', '13.0.4-beta1', '13.0.10', '12.0.1'])).toBe('13.0.10')
    expect(highestRelease(['1.0.0-rc1'])).toBeUndefined()
  })

  it('reads the service index once per run, the flat container and the registration leaf', async () => {
    const base = 'https://nuget.example'
    const { fetch, calls } = fakeFetch({
      '/v3/index.json': () => json(index(base)),
      '/flat/newtonsoft.json/index.json': () =>
        json({ versions: ['12.0.1', '13.0.3', '13.0.4-beta1'] }),
      '/reg/newtonsoft.json/13.0.3.json': () =>
        json({ listed: true, published: '2023-03-08T07:42:54.647+00:00' }),
      '/flat/serilog/index.json': () => json({ versions: ['3.1.1'] }),
      '/reg/serilog/3.1.1.json': () =>
        json({ listed: false, published: '1900-01-01T00:00:00+00:00' }),
    })
    const { context } = contextOf(fetch)
    expect(await nuget(repo(`${base}/`), pkg('Newtonsoft.Json'), context)).toEqual({
      latestVersion: '13.0.3',
      published: new Date('2023-03-08T07:42:54.647Z'),
    })
    // Unlisted packages carry 1900-01-01: no date.
    expect(await nuget(repo(`${base}/`), pkg('Serilog'), context)).toEqual({
      latestVersion: '3.1.1',
      published: null,
    })
    expect(calls.filter((c) => c.url.endsWith('/v3/index.json'))).toHaveLength(1)
  })
})

describe('Composer', () => {
  it('expands Packagist’s minified metadata (fields carried over, __unset removed)', () => {
    expect(
      expandMinified([
        { version: '3.5.0', time: 't1', require: { php: '>=8.1' } },
        { version: '3.4.0', time: 't2' },
        { version: '2.0.0', require: '__unset' },
      ]),
    ).toEqual([
      { version: '3.5.0', time: 't1', require: { php: '>=8.1' } },
      { version: '3.4.0', time: 't2', require: { php: '>=8.1' } },
      { version: '2.0.0', time: 't2' },
    ])
  })

  it('follows metadata-url and takes the highest non-dev version with its time', async () => {
    const { fetch, calls } = fakeFetch({
      '/packages.json': () => json({ packages: [], 'metadata-url': '/p2/%package%.json' }),
      '/p2/monolog/monolog.json': () =>
        json({
          packages: {
            'monolog/monolog': [
              { name: 'monolog/monolog', version: 'dev-main', time: '2024-01-01T00:00:00+00:00' },
              {
                version: '3.5.0',
                version_normalized: '3.5.0.0',
                time: '2023-10-27T15:32:31+00:00',
              },
              { version: '3.10.0-dev' },
              { version: '3.4.0', time: '2023-06-21T08:46:11+00:00' },
            ],
          },
          minified: 'composer/2.0',
        }),
    })
    const answer = await composer(
      repo('https://repo.packagist.example/'),
      pkg('monolog', 'monolog'),
      contextOf(fetch).context,
    )
    expect(answer).toEqual({
      latestVersion: '3.5.0',
      published: new Date('2023-10-27T15:32:31Z'),
    })
    expect(calls.map((c) => new URL(c.url).pathname)).toEqual([
      '/packages.json',
      '/p2/monolog/monolog.json',
    ])
  })
})

describe('Nixpkgs', () => {
  it('reads the brotli-compressed channel once and answers by pname', async () => {
    const channel = {
      version: 2,
      packages: {
        curl: { name: 'curl-8.5.0', pname: 'curl', version: '8.5.0', system: 'x86_64-linux' },
        'python311Packages.requests': { pname: 'python3.11-requests', version: '2.31.0' },
      },
    }
    const body = brotliCompressSync(Buffer.from(JSON.stringify(channel)))
    const { fetch, calls } = fakeFetch({
      '/nixpkgs-unstable/packages.json.br': () => new Response(body),
    })
    const { context } = contextOf(fetch)
    const target = repo('https://channels.example/nixpkgs-unstable/packages.json.br')
    expect((await nixpkgs(target, pkg('curl'), context))?.latestVersion).toBe('8.5.0')
    expect(await nixpkgs(target, pkg('not-there'), context)).toBeNull()
    expect(calls).toHaveLength(1)
  })
})

describe('GitHub', () => {
  const repository = '/repos/acme/tool'
  const routes = {
    [`${repository}/releases/tags/v1.0.0`]: () =>
      json({ tag_name: 'v1.0.0', published_at: '2023-01-15T00:00:00Z' }),
    [`${repository}/releases/latest`]: () =>
      json({ tag_name: 'v2.0.0', published_at: '2024-02-01T00:00:00Z' }),
    [`${repository}/commits`]: () =>
      json([{ sha: 'f00dfeed', commit: { committer: { date: '2024-02-02T00:00:00Z' } } }]),
    [`${repository}/commits/abc123`]: () =>
      json({ sha: 'abc123', commit: { committer: { date: '2022-05-05T00:00:00Z' } } }),
    [`${repository}/commits/main`]: () => json({ message: 'No commit found' }, 422),
  }

  it('maps github.com to its API; any other URL is the API itself', () => {
    expect(githubApi('https://github.com')).toBe('https://api.github.com')
    expect(githubApi('https://ghe.example/api/v3/')).toBe('https://ghe.example/api/v3')
  })

  it('a release tag: the latest release, dated by the release in use; with a Bearer token', async () => {
    const { fetch, calls } = fakeFetch(routes)
    const answer = await github(
      repo('https://ghe.example', { username: null, password: 'ghp_token' }),
      pkg('tool', 'acme', 'v1.0.0'),
      contextOf(fetch).context,
    )
    expect(answer).toEqual({ latestVersion: 'v2.0.0', published: new Date('2023-01-15T00:00:00Z') })
    expect(calls.every((c) => c.headers.authorization === 'Bearer ghp_token')).toBe(true)
  })

  it('otherwise the newest commit, dated by the commit in use (none when it names no commit)', async () => {
    const { fetch } = fakeFetch(routes)
    const { context } = contextOf(fetch)
    expect(
      await github(repo('https://ghe.example'), pkg('tool', 'acme', 'abc123'), context),
    ).toEqual({
      latestVersion: 'f00dfeed',
      published: new Date('2022-05-05T00:00:00Z'),
    })
    expect(await github(repo('https://ghe.example'), pkg('tool', 'acme', 'main'), context)).toEqual(
      {
        latestVersion: 'f00dfeed',
        published: null,
      },
    )
  })
})

describe('HTTP behaviour shared by every client', () => {
  it('retries 429 and 5xx, waiting as Retry-After says, then answers', async () => {
    let calls = 0
    const { fetch } = fakeFetch({
      '/-/package/lodash/dist-tags': () =>
        ++calls === 1
          ? json({ error: 'slow down' }, 429, { 'retry-after': '3' })
          : calls === 2
            ? json({ error: 'oops' }, 503)
            : json({ latest: '4.17.21' }),
    })
    const { context, sleeps } = contextOf(fetch)
    expect((await npm(repo('https://r.example'), pkg('lodash'), context))?.latestVersion).toBe(
      '4.17.21',
    )
    expect(sleeps).toEqual([3000, 20]) // Retry-After, then the backoff's second step
  })

  it('gives up after the retries with an error naming the URL but never credentials', async () => {
    const { fetch } = fakeFetch({ '/-/package/lodash/dist-tags': () => json({}, 500) })
    const failure = npm(
      repo('https://user:s3cret@r.example', { username: 'ci', password: 'hunter2' }),
      pkg('lodash'),
      contextOf(fetch).context,
    )
    await expect(failure).rejects.toThrow('answered HTTP 500 after 3 attempts')
    const message = await failure.catch((error: Error) => error.message)
    expect(message).toContain('https://r.example/-/package/lodash/dist-tags')
    expect(message).not.toMatch(/s3cret|hunter2|user/)
  })

  it('moves credentials written in the URL into Basic authentication', async () => {
    const { fetch, calls } = fakeFetch({
      '/-/package/a/dist-tags': () => json({ latest: '1.0.0' }),
    })
    await npm(repo('https://user:s3cret@r.example'), pkg('a'), contextOf(fetch).context)
    expect(calls[0]!.url).toBe('https://r.example/-/package/a/dist-tags')
    expect(calls[0]!.headers.authorization).toBe(`Basic ${btoa('user:s3cret')}`)
  })

  it('times out a repository that does not answer, and tries again', async () => {
    let calls = 0
    const fetch = (async (_input: string | URL | Request, init: RequestInit = {}) => {
      calls++
      if (calls === 1) {
        return new Promise<Response>((_, reject) =>
          init.signal!.addEventListener('abort', () => reject(init.signal!.reason)),
        )
      }
      return json({ latest: '2.0.0' })
    }) as typeof globalThis.fetch
    const { context } = contextOf(fetch, { timeoutMs: 50 })
    expect((await npm(repo('https://r.example'), pkg('slow'), context))?.latestVersion).toBe(
      '2.0.0',
    )
    expect(calls).toBe(2)
  })
})
