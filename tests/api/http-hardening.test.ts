import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/database.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'

// Findings of a hostile test run: stalled connections held for ever, spoofable proxy headers,
// missing security headers, and /api answers coming from the console without CORS headers.

const STUB = path.join(import.meta.dirname, '..', 'fixtures', 'console-stub')
const consoleOptions = {
  remixBuildPath: path.join(STUB, 'build.mjs'),
  publicDir: path.join(STUB, 'public'),
}

function expectApiHeaders(response: Response) {
  expect(response.headers.get('access-control-allow-origin')).toBe('*')
  expect(response.headers.get('access-control-allow-methods')).toContain('GET')
  expect(response.headers.get('x-powered-by')).toMatch(/^Dependency-Track/)
}

function expectSecurityHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('permissions-policy')).toContain('camera=()')
}

/** Resolves with the milliseconds until the server closed the socket. */
function closedAfter(socket: net.Socket, limitMs: number): Promise<number> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new Error(`socket still open after ${limitMs} ms`))
    }, limitMs)
    socket.on('error', () => undefined)
    socket.once('close', () => {
      clearTimeout(timer)
      resolve(Date.now() - started)
    })
    socket.resume()
  })
}

async function connect(baseUrl: string): Promise<net.Socket> {
  const { hostname, port } = new URL(baseUrl)
  const socket = net.connect(Number(port), hostname)
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  return socket
}

describe('console and API on one server', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startApiServer({ LOOKOUT_ROLES: 'console,api,worker' }, consoleOptions)
  })
  afterAll(async () => {
    await server?.close()
  })

  it('still serves console pages and assets', async () => {
    const page = await fetch(`${server.baseUrl}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('console')
  })

  it('answers an unknown /api path with the API’s plain 404 and CORS headers', async () => {
    for (const path of ['/api/v1/nothing-here', '/api/v2/team', '/api/unknown/deep/path']) {
      const response = await fetch(`${server.baseUrl}${path}`)
      expect(response.status, path).toBe(404)
      expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(await response.text()).toBe('Not Found')
      expectApiHeaders(response)
    }
  })

  it('answers a wrong method on a known /api path with 405 from the API', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/team`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toContain('GET')
    expect(response.headers.get('content-type') ?? '').not.toMatch(/html/)
    expectApiHeaders(response)
  })

  it('answers a path segment too long for the router with the API’s 404', async () => {
    const response = await fetch(`${server.baseUrl}/api/v1/project/${'a'.repeat(5000)}`)
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('Not Found')
    expectApiHeaders(response)
  })

  it('sends nosniff and a Permissions-Policy on pages, assets, the API and errors', async () => {
    for (const path of [
      '/',
      '/build/entry.client.js',
      '/api/version',
      '/api/v1/nothing',
      '/health',
    ]) {
      const response = await fetch(`${server.baseUrl}${path}`)
      expect(response.status, path).toBeLessThan(500)
      expectSecurityHeaders(response)
    }
  })

  it('ignores X-Forwarded-Proto and X-Forwarded-Host by default: no HSTS, no spoofed host', async () => {
    const response = await fetch(`${server.baseUrl}/health`, {
      headers: {
        'x-forwarded-proto': 'https',
        'x-forwarded-for': '203.0.113.7',
        'x-forwarded-host': 'evil.example',
      },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('strict-transport-security')).toBeNull()
    const page = await fetch(`${server.baseUrl}/`, {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    })
    const seen = await page.text()
    expect(seen).toContain(`<p>${server.baseUrl}/</p>`)
    expect(seen).not.toContain('evil.example')
  })
})

/**
 * Opens `jobs` transactions that each run a statement and then wait; resolves once `holding` of
 * them are inside (the database's connections are all taken), with a function that lets them end.
 */
async function holdTransactions(db: Database, jobs: number, holding: number) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  let allInside!: () => void
  const inside = new Promise<void>((resolve) => (allInside = resolve))
  let entered = 0
  const running = Array.from({ length: jobs }, () =>
    db.transaction(async (tx) => {
      await tx.query('SELECT 1')
      if (++entered === holding) allInside()
      await held
    }),
  )
  await inside
  return async () => {
    release()
    await Promise.all(running)
  }
}

async function expectHealthUp(baseUrl: string) {
  const response = await fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(5000) })
  expect(response.status).toBe(200)
  expect(await response.json()).toEqual({
    status: 'UP',
    checks: [{ name: 'database', status: 'UP' }],
  })
}

describe('/health while jobs hold the database', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startApiServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  it('answers UP without waiting for a long job’s transaction to end', async () => {
    const release = await holdTransactions(server.lookout.ctx!.db, 1, 1)
    try {
      await expectHealthUp(server.baseUrl)
    } finally {
      await release()
    }
  })

  it('answers UP without waiting for a connection to come free', async () => {
    const db = server.lookout.ctx!.db
    // PostgreSQL's pool holds ten connections; PGlite is one, and the other jobs queue behind it.
    const release = await holdTransactions(db, 10, db.dialect === 'postgres' ? 10 : 1)
    try {
      await expectHealthUp(server.baseUrl)
    } finally {
      await release()
    }
  })
})

describe('behind a trusted proxy', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startApiServer({ LOOKOUT_TRUST_PROXY: '127.0.0.1/8,::1' })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('sends HSTS when the proxy says the client came over https', async () => {
    const https = await fetch(`${server.baseUrl}/api/version`, {
      headers: { 'x-forwarded-proto': 'https' },
    })
    expect(https.headers.get('strict-transport-security')).toMatch(/^max-age=\d{7,}/)
    const plain = await fetch(`${server.baseUrl}/api/version`)
    expect(plain.headers.get('strict-transport-security')).toBeNull()
  })
})

describe('slow, stalled and greedy clients', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startApiServer({
      LOOKOUT_HEADERS_TIMEOUT_MS: '400',
      LOOKOUT_REQUEST_TIMEOUT_MS: '800',
      LOOKOUT_KEEP_ALIVE_TIMEOUT_MS: '300',
      LOOKOUT_MAX_CONNECTIONS_PER_CLIENT: '3',
    })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('closes a connection that sends half a request within the header timeout', async () => {
    const socket = await connect(server.baseUrl)
    socket.write('GET /api/version HTTP/1.1\r\nHost: localhost\r\nX-Slow: ')
    expect(await closedAfter(socket, 3000)).toBeLessThan(3000)
  })

  it('closes a connection whose body never finishes within the request timeout', async () => {
    const socket = await connect(server.baseUrl)
    socket.write(
      'POST /api/v1/user/login HTTP/1.1\r\nHost: localhost\r\n' +
        'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nusername=',
    )
    const trickle = setInterval(() => socket.writable && socket.write('a'), 100)
    try {
      expect(await closedAfter(socket, 4000)).toBeLessThan(4000)
    } finally {
      clearInterval(trickle)
    }
  })

  it('closes an idle keep-alive connection after the idle timeout', async () => {
    const socket = await connect(server.baseUrl)
    socket.write('GET /health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n')
    expect(await closedAfter(socket, 3000)).toBeLessThan(3000)
  })

  it('refuses connections beyond the per-client limit and serves the others', async () => {
    const held = await Promise.all([1, 2, 3].map(() => connect(server.baseUrl)))
    try {
      const extra = await connect(server.baseUrl)
      expect(await closedAfter(extra, 1000)).toBeLessThan(1000)
      const answered = new Promise<string>((resolve) => {
        held[0]!.once('data', (chunk) => resolve(chunk.toString()))
      })
      held[0]!.write('GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n')
      expect(await answered).toMatch(/^HTTP\/1\.1 200/)
    } finally {
      for (const socket of held) socket.destroy()
    }
  })
})
