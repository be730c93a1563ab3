import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiClient } from '../support/api-client.ts'
import { startApiServer, type TestServer } from '../support/api-server.ts'
import { startLoopback, type Loopback } from '../support/fakes/loopback.ts'

// dt-behaviour §8.2: a repository error is reported (4.13: a SYSTEM notification; Lookout has
// none yet, so one JSON log line) and the next repository is asked. Secrets never reach the log.

const lines: string[] = []
let server: TestServer
let refusing: Loopback & { authorizations: (string | undefined)[] }
let api: ReturnType<typeof apiClient>
let token: string

beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  server = await startApiServer({}, { logStream: sink })
  api = apiClient(server.baseUrl)
  token = await api.adminToken()
  const fake = { authorizations: [] as (string | undefined)[] }
  refusing = await startLoopback(fake, (request) => {
    fake.authorizations.push(request.headers.authorization)
    return { status: 401, json: { error: 'Unauthorized' } }
  })
}, 60_000)
afterAll(async () => {
  await server?.close()
  await refusing?.close()
})

describe('a repository that refuses', () => {
  it('is logged as one JSON line without its credentials, and the next repository is asked', async () => {
    const secretUrl = refusing.url.replace('http://', 'http://urluser:url-secret-1@')
    const made = await api.request('PUT', '/v1/repository', {
      token,
      json: {
        type: 'NPM',
        identifier: 'refusing-registry',
        url: `${secretUrl}/`,
        enabled: true,
        internal: false,
        authenticationRequired: true,
        username: 'deployer',
        password: 'pw-secret-2',
      },
    })
    expect(made.status, made.text).toBe(201)
    const project = await api.request('PUT', '/v1/project', {
      token,
      json: { name: 'repository-errors', version: '1.0' },
    })
    const component = await api.request('PUT', `/v1/component/project/${project.json.uuid}`, {
      token,
      json: {
        name: 'left-pad',
        version: '1.0.0',
        classifier: 'LIBRARY',
        purl: 'pkg:npm/left-pad@1.0.0',
      },
    })
    expect(component.status, component.text).toBe(201)
    server.lookout.worker!.nudge()
    await server.lookout.worker!.drain()

    // The repository's own credentials were sent (not the ones written in its URL).
    expect(refusing.authorizations).toEqual([
      `Basic ${Buffer.from('deployer:pw-secret-2').toString('base64')}`,
    ])
    const errors = lines
      .filter((line) => line.includes('Repository Error'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({
      repositoryType: 'NPM',
      repository: 'refusing-registry',
      package: 'pkg:npm/left-pad',
      status: 401,
    })
    expect(String(errors[0]!.url)).toBe(`${refusing.url}/`)
    const log = lines.join('')
    expect(log).not.toContain('url-secret-1')
    expect(log).not.toContain('pw-secret-2')
    expect(log).not.toContain('urluser')
    // The default npm registry (order 1, a loopback that knows nothing) was asked first.
    const done = lines.find((line) => line.includes('repository metadata analysis done'))
    expect(JSON.parse(done!)).toMatchObject({ fetched: 2, failures: 1, found: 0 })
  })
})
