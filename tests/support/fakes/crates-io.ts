import { startLoopback, type Loopback } from './loopback.ts'

/** A loopback crates.io API: `GET /api/v1/crates/{name}` as crates.io answers it. */
export interface FakeCrate {
  newest: string
  /** Creation time of each version. */
  versions: Record<string, string>
}

export interface FakeCratesIo extends Loopback {
  crates: Map<string, FakeCrate>
  requests: string[]
}

export function crateJson(name: string, crate: FakeCrate) {
  const versions = Object.entries(crate.versions).map(([num, created], id) => ({
    id,
    crate: name,
    num,
    created_at: created,
    updated_at: created,
    yanked: false,
    license: 'MIT OR Apache-2.0',
  }))
  return {
    crate: {
      id: name,
      name,
      newest_version: crate.newest,
      max_version: crate.newest,
      max_stable_version: crate.newest,
      created_at: versions[0]?.created_at,
      updated_at: versions.at(-1)?.updated_at,
      downloads: 1000,
    },
    versions,
    keywords: [],
    categories: [],
  }
}

export async function startFakeCratesIo(): Promise<FakeCratesIo> {
  const fake = { crates: new Map<string, FakeCrate>(), requests: [] as string[] }
  return startLoopback(fake, (request) => {
    fake.requests.push(request.url.pathname)
    const match = /^\/api\/v1\/crates\/([^/]+)$/.exec(request.url.pathname)
    const name = match && decodeURIComponent(match[1]!)
    const crate = name && fake.crates.get(name)
    if (!crate) return { status: 404, json: { errors: [{ detail: 'Not Found' }] } }
    return { status: 200, json: crateJson(name, crate) }
  })
}
