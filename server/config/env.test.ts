import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnvError, loadEnv } from './env.ts'

describe('loadEnv', () => {
  it('defaults to one process with every role on port 3000 and ./data', () => {
    const env = loadEnv({})
    expect(env.PORT).toBe(3000)
    expect([...env.LOOKOUT_ROLES].sort()).toEqual(['api', 'console', 'worker'])
    expect(env.LOOKOUT_DATA_DIR).toBe(path.resolve('./data'))
    expect(env.DATABASE_URL).toBeUndefined()
  })

  it('sizes the BOM worker pool from the cores unless set; 0 keeps BOMs on the main thread', () => {
    const cores = os.availableParallelism()
    expect(loadEnv({}).LOOKOUT_BOM_WORKERS).toBe(Math.max(1, Math.min(4, cores - 1)))
    expect(loadEnv({ LOOKOUT_BOM_WORKERS: '0' }).LOOKOUT_BOM_WORKERS).toBe(0)
    expect(() => loadEnv({ LOOKOUT_BOM_WORKERS: '-1' })).toThrow(/LOOKOUT_BOM_WORKERS/)
  })

  it('runs half the cores of project jobs at once (at least one) and nice 10 for a worker process', () => {
    const cores = os.availableParallelism()
    const env = loadEnv({})
    expect(env.LOOKOUT_WORKER_PROJECT_JOBS).toBe(Math.max(1, Math.floor(cores / 2)))
    expect(env.LOOKOUT_WORKER_PROCESS).toBe(true)
    expect(env.LOOKOUT_WORKER_NICE).toBe(10)
    expect(() => loadEnv({ LOOKOUT_WORKER_PROJECT_JOBS: '0' })).toThrow(
      /LOOKOUT_WORKER_PROJECT_JOBS/,
    )
    expect(() => loadEnv({ LOOKOUT_WORKER_NICE: '20' })).toThrow(/LOOKOUT_WORKER_NICE/)
  })

  it('reports every invalid setting at once', () => {
    expect(() =>
      loadEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOOKOUT_ROLES: 'api,chef' }),
    ).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*chef/)
  })

  it('needs an API address for a console-only process', () => {
    expect(() => loadEnv({ LOOKOUT_ROLES: 'console' })).toThrow(EnvError)
    expect(
      loadEnv({ LOOKOUT_ROLES: 'console', API_BASE_URL: 'https://dt.example/' }).API_BASE_URL,
    ).toBe('https://dt.example/')
  })

  it('treats empty variables as unset', () => {
    expect(loadEnv({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000)
  })

  it('reads OpenID Connect settings under their own names or Dependency-Track’s ALPINE_OIDC_*', () => {
    const env = loadEnv({
      ALPINE_OIDC_ENABLED: 'true',
      ALPINE_OIDC_ISSUER: 'https://idp.example/realms/dt',
      ALPINE_OIDC_TEAMS_DEFAULT: 'Automation, Badge Viewers,',
      OIDC_USERNAME_CLAIM: 'preferred_username',
      ALPINE_OIDC_USERNAME_CLAIM: 'email',
    })
    expect(env.OIDC_ENABLED).toBe(true)
    expect(env.OIDC_ISSUER).toBe('https://idp.example/realms/dt')
    expect(env.OIDC_TEAMS_DEFAULT).toEqual(['Automation', 'Badge Viewers'])
    expect(env.OIDC_USERNAME_CLAIM).toBe('preferred_username')
    expect(loadEnv({}).OIDC_USERNAME_CLAIM).toBe('name')
    expect(loadEnv({}).OIDC_TEAMS_CLAIM).toBe('groups')
  })
})
