import { describe, expect, it } from 'vitest'
import { loadEnv } from './config/env.ts'
import { runsWorkerProcess } from './worker-process.ts'

const POSTGRES = 'postgres://lookout@db.example/lookout'

describe('runsWorkerProcess', () => {
  it('splits jobs off on PostgreSQL when the process has the worker role and another', () => {
    expect(runsWorkerProcess(loadEnv({ DATABASE_URL: POSTGRES }))).toBe(true)
    expect(
      runsWorkerProcess(loadEnv({ DATABASE_URL: POSTGRES, LOOKOUT_ROLES: 'api,worker' })),
    ).toBe(true)
  })

  it('never on PGlite, whose data folder has one owner', () => {
    expect(runsWorkerProcess(loadEnv({}))).toBe(false)
  })

  it('not for a worker-only or worker-less process, nor when switched off', () => {
    expect(runsWorkerProcess(loadEnv({ DATABASE_URL: POSTGRES, LOOKOUT_ROLES: 'worker' }))).toBe(
      false,
    )
    expect(
      runsWorkerProcess(loadEnv({ DATABASE_URL: POSTGRES, LOOKOUT_ROLES: 'api,console' })),
    ).toBe(false)
    expect(
      runsWorkerProcess(loadEnv({ DATABASE_URL: POSTGRES, LOOKOUT_WORKER_PROCESS: 'false' })),
    ).toBe(false)
  })
})
