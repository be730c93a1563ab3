import { startLoopback, type Loopback } from './loopback.ts'

/** A loopback npm registry: `GET /-/package/{name}/dist-tags` (the name url-encoded, `@scope%2fname`). */
export interface FakeNpmRegistry extends Loopback {
  /** dist-tags by package name (`@scope/name` for scoped ones). */
  distTags: Map<string, Record<string, string>>
  requests: string[]
}

export async function startFakeNpmRegistry(): Promise<FakeNpmRegistry> {
  const fake = { distTags: new Map<string, Record<string, string>>(), requests: [] as string[] }
  return startLoopback(fake, (request) => {
    fake.requests.push(request.url.pathname)
    const match = /^\/-\/package\/([^/]+)\/dist-tags$/.exec(request.url.pathname)
    const tags = match && fake.distTags.get(decodeURIComponent(match[1]!))
    if (!tags) return { status: 404, json: { error: 'Not found' } }
    return { status: 200, json: tags }
  })
}
