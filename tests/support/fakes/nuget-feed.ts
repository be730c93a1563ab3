import { startLoopback, type FakeAnswer, type Loopback } from './loopback.ts'

/**
 * A loopback NuGet v3 feed: the service index at `/v3/index.json`, flat-container version lists
 * at `/v3-flatcontainer/{id}/index.json`, registration leaves at
 * `/v3/registration5-semver1/{id}/{version}.json` (ids and versions lower-case).
 */
export interface FakeNugetFeed extends Loopback {
  /** Versions and their publish dates by package id (any case). */
  packages: Map<string, Record<string, string>>
  requests: string[]
}

export async function startFakeNugetFeed(): Promise<FakeNugetFeed> {
  const fake = { packages: new Map<string, Record<string, string>>(), requests: [] as string[] }
  const byId = (id: string) => [...fake.packages].find(([name]) => name.toLowerCase() === id)?.[1]
  const loopback: FakeNugetFeed = await startLoopback(fake, (request): FakeAnswer => {
    const path = request.url.pathname
    fake.requests.push(path)
    if (path === '/v3/index.json') {
      return {
        status: 200,
        json: {
          version: '3.0.0',
          resources: [
            { '@id': `${loopback.url}/query`, '@type': 'SearchQueryService/3.5.0' },
            { '@id': `${loopback.url}/v3-flatcontainer/`, '@type': 'PackageBaseAddress/3.0.0' },
            {
              '@id': `${loopback.url}/v3/registration5-semver1/`,
              '@type': 'RegistrationsBaseUrl/3.6.0',
            },
          ],
        },
      }
    }
    let match = /^\/v3-flatcontainer\/([^/]+)\/index\.json$/.exec(path)
    if (match) {
      const versions = byId(match[1]!)
      return versions
        ? { status: 200, json: { versions: Object.keys(versions) } }
        : { status: 404, body: '<Error><Code>BlobNotFound</Code></Error>' }
    }
    match = /^\/v3\/registration5-semver1\/([^/]+)\/([^/]+)\.json$/.exec(path)
    if (match) {
      const versions = byId(match[1]!)
      const version = versions && Object.keys(versions).find((v) => v.toLowerCase() === match![2])
      if (!version) return { status: 404, body: '<Error><Code>BlobNotFound</Code></Error>' }
      return {
        status: 200,
        json: {
          '@id': `${loopback.url}${path}`,
          '@type': ['Package', 'http://schema.nuget.org/catalog#Permalink'],
          listed: true,
          packageContent: `${loopback.url}/v3-flatcontainer/${match[1]}/${match[2]}/${match[1]}.${match[2]}.nupkg`,
          published: versions[version],
          registration: `${loopback.url}/v3/registration5-semver1/${match[1]}/index.json`,
        },
      }
    }
    return { status: 404, body: 'Not Found' }
  })
  return loopback
}
