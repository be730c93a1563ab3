import { describe, expect, it } from 'vitest'
import { currentLane, inBackground, type Lane } from './lane.ts'
import { createScheduler } from './scheduler.ts'

function gate() {
  let open!: () => void
  const promise = new Promise<void>((resolve) => {
    open = resolve
  })
  return { promise, open }
}

describe('the single-connection scheduler', () => {
  it('runs one task at a time', async () => {
    const scheduler = createScheduler()
    let running = 0
    let most = 0
    const task = async () => {
      running++
      most = Math.max(most, running)
      await new Promise((resolve) => setTimeout(resolve, 5))
      running--
    }
    await Promise.all([
      scheduler.transaction(task),
      scheduler.statement(task),
      scheduler.statement(task),
      scheduler.transaction(task),
    ])
    expect(most).toBe(1)
  })

  it('lets statements pass transactions that are still waiting', async () => {
    const scheduler = createScheduler()
    const order: string[] = []
    const first = gate()
    const held = scheduler.transaction(async () => {
      order.push('tx1')
      await first.promise
    })
    const later = [
      scheduler.transaction(async () => void order.push('tx2')),
      scheduler.transaction(async () => void order.push('tx3')),
      scheduler.statement(async () => void order.push('read1')),
      scheduler.statement(async () => void order.push('read2')),
    ]
    expect(scheduler.busy()).toBe(true)
    first.open()
    await Promise.all([held, ...later])
    expect(order).toEqual(['tx1', 'read1', 'read2', 'tx2', 'tx3'])
    expect(scheduler.busy()).toBe(false)
  })

  it('gives a waiting transaction its turn after a run of statements', async () => {
    const scheduler = createScheduler()
    const order: string[] = []
    const first = gate()
    const held = scheduler.statement(async () => {
      await first.promise
    })
    const writes = scheduler.transaction(async () => void order.push('write'))
    const reads = Array.from({ length: 40 }, (_, i) =>
      scheduler.statement(async () => void order.push(`read${i}`)),
    )
    first.open()
    await Promise.all([held, writes, ...reads])
    const at = order.indexOf('write')
    expect(at).toBeGreaterThan(0)
    expect(at).toBeLessThan(20)
  })

  it('hands results and errors back to their callers', async () => {
    const scheduler = createScheduler()
    await expect(scheduler.statement(async () => 42)).resolves.toBe(42)
    await expect(
      scheduler.transaction(async () => {
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    await expect(scheduler.statement(async () => 'still serving')).resolves.toBe('still serving')
  })

  it('runs the last task (closing) after everything queued before or meanwhile', async () => {
    const scheduler = createScheduler()
    const order: string[] = []
    const first = gate()
    const held = scheduler.transaction(async () => {
      await first.promise
    })
    const work = Array.from({ length: 20 }, (_, n) =>
      scheduler.statement(async () => void order.push(`read${n}`)),
    )
    work.push(scheduler.transaction(async () => void order.push('write')))
    const closing = scheduler.last(async () => void order.push('close'))
    work.push(scheduler.statement(async () => void order.push('late read')))
    first.open()
    await Promise.all([held, ...work, closing])
    expect(order).toHaveLength(23)
    expect(order.at(-1)).toBe('close')
  })

  it('runs a request before job work queued earlier, once the task under way ends', async () => {
    const scheduler = createScheduler(currentLane)
    const order: string[] = []
    const first = gate()
    const held = inBackground(() =>
      scheduler.transaction(async () => {
        order.push('job tx')
        await first.promise
      }),
    )
    const jobs = inBackground(() => [
      scheduler.transaction(async () => void order.push('job tx 2')),
      scheduler.statement(async () => void order.push('job read')),
    ])
    const request = scheduler.statement(async () => void order.push('request'))
    first.open()
    await Promise.all([held, ...jobs, request])
    expect(order).toEqual(['job tx', 'request', 'job read', 'job tx 2'])
  })

  it('still gives jobs about a third of the time under a flood of requests', async () => {
    let lane: Lane = 'foreground'
    const scheduler = createScheduler(() => lane)
    const spent = { foreground: 0, background: 0 }
    const busyFor = (who: Lane, ms: number) => async () => {
      const until = performance.now() + ms
      while (performance.now() < until) await new Promise((resolve) => setImmediate(resolve))
      spent[who] += ms
    }
    let flooding = true
    const client = async () => {
      while (flooding) {
        lane = 'foreground'
        await scheduler.statement(busyFor('foreground', 2))
      }
    }
    const requests = [client(), client(), client()]
    lane = 'background'
    const jobs = Array.from({ length: 100 }, () => scheduler.transaction(busyFor('background', 10)))
    lane = 'foreground'
    await new Promise((resolve) => setTimeout(resolve, 400))
    flooding = false
    const during = { ...spent }
    await Promise.all([...requests, ...jobs])
    const share = during.background / (during.background + during.foreground)
    expect(share).toBeGreaterThan(0.2)
    expect(share).toBeLessThan(0.5)
  })
})
