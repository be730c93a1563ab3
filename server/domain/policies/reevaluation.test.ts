import { describe, expect, it } from 'vitest'
import type { Queryable } from '../../db/database.ts'
import { POLICY_PORTFOLIO_EVALUATION_JOB } from './model.ts'
import { requestPolicyReevaluation, type Enqueue } from './reevaluation.ts'

/** A queue holding at most one queued-or-running job per singleton key, as server/jobs/queue.ts. */
function queue(held: Record<string, 'queued' | 'running'>) {
  const keys: string[] = []
  const enqueue: Enqueue = async (_db, kind, _payload, options) => {
    expect(kind).toBe(POLICY_PORTFOLIO_EVALUATION_JOB)
    const key = options!.singletonKey!
    if (held[key]) return undefined
    held[key] = 'queued'
    keys.push(key)
    return { id: keys.length, chainId: 'chain' }
  }
  const db: Queryable = {
    query: async <Row>(_sql: string, params?: unknown[]) =>
      (held[params![0] as string] === 'running' ? [{}] : []) as Row[],
  }
  return { enqueue, db, keys }
}

describe('requestPolicyReevaluation', () => {
  const key = `${POLICY_PORTFOLIO_EVALUATION_JOB}:policy-change`

  it('queues one portfolio evaluation', async () => {
    const q = queue({})
    await requestPolicyReevaluation(q.db, q.enqueue)
    expect(q.keys).toEqual([key])
  })

  it('coalesces with an evaluation that still waits', async () => {
    const q = queue({ [key]: 'queued' })
    await requestPolicyReevaluation(q.db, q.enqueue)
    await requestPolicyReevaluation(q.db, q.enqueue)
    expect(q.keys).toEqual([])
  })

  it('queues one more behind a running evaluation, which may have read the old rules', async () => {
    const q = queue({ [key]: 'running' })
    await requestPolicyReevaluation(q.db, q.enqueue)
    await requestPolicyReevaluation(q.db, q.enqueue)
    expect(q.keys).toEqual([`${key}:next`])
  })
})
