import { startLoopback, type Loopback } from './loopback.ts'

/**
 * A loopback Composer repository as Packagist serves it: `/packages.json` names the v2
 * `metadata-url` (`/p2/%package%.json`), which answers minified metadata: the newest release
 * first and in full, every older one only with what changed.
 */
export interface FakePackagist extends Loopback {
  /** Releases (version → time), newest first, by `vendor/name`. */
  packages: Map<string, Array<{ version: string; time: string }>>
  requests: string[]
}

export function minifiedMetadata(name: string, releases: Array<{ version: string; time: string }>) {
  const full = releases.map((release) => ({
    name,
    description: 'A test package',
    version: release.version,
    version_normalized: `${release.version.replace(/^v/, '')}.0`,
    time: release.time,
    type: 'library',
    license: ['MIT'],
  }))
  const minified = full.map((release, index) => {
    if (index === 0) return release
    const previous = full[index - 1]! as Record<string, unknown>
    return Object.fromEntries(
      Object.entries(release).filter(
        ([key, value]) => JSON.stringify(previous[key]) !== JSON.stringify(value),
      ),
    )
  })
  return { packages: { [name]: minified }, minified: 'composer/2.0' }
}

export async function startFakePackagist(): Promise<FakePackagist> {
  const fake = {
    packages: new Map<string, Array<{ version: string; time: string }>>(),
    requests: [] as string[],
  }
  return startLoopback(fake, (request) => {
    const path = request.url.pathname
    fake.requests.push(path)
    if (path === '/packages.json') {
      return {
        status: 200,
        json: {
          packages: [],
          'metadata-url': '/p2/%package%.json',
          'providers-url': '/p/%package%$%hash%.json',
        },
      }
    }
    const match = /^\/p2\/([^/]+\/[^/]+)\.json$/.exec(path)
    const releases = match && fake.packages.get(match[1]!)
    if (!releases) return { status: 404, body: 'Not Found' }
    return { status: 200, json: minifiedMetadata(match[1]!, releases) }
  })
}
