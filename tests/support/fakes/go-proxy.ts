import { startLoopback, type Loopback } from './loopback.ts'

/** A loopback Go module proxy: `GET /{case-encoded module path}/@latest` → `{Version, Time}`. */
export interface FakeGoProxy extends Loopback {
  /** By module path as written (`github.com/BurntSushi/toml`). */
  modules: Map<string, { Version: string; Time: string }>
  requests: string[]
}

/** The proxy protocol's decoding: `!x` is upper-case X; an upper-case letter is invalid. */
const caseDecode = (path: string) =>
  /[A-Z]/.test(path) ? undefined : path.replace(/!([a-z])/g, (_, c: string) => c.toUpperCase())

export async function startFakeGoProxy(): Promise<FakeGoProxy> {
  const fake = {
    modules: new Map<string, { Version: string; Time: string }>(),
    requests: [] as string[],
  }
  return startLoopback(fake, (request) => {
    fake.requests.push(request.url.pathname)
    const match = /^\/(.+)\/@latest$/.exec(request.url.pathname)
    const path = match ? caseDecode(match[1]!) : undefined
    if (match && path === undefined)
      return { status: 400, body: 'bad request: invalid escaped module path' }
    const module = path && fake.modules.get(path)
    if (!module) return { status: 404, body: `not found: module ${path}: no matching versions` }
    return {
      status: 200,
      json: {
        ...module,
        Origin: { VCS: 'git', URL: `https://${path}`, Ref: `refs/tags/${module.Version}` },
      },
    }
  })
}
