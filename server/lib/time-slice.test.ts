import { describe, expect, it } from 'vitest'
import { timeSlice, waitForTurn, yieldToEventLoop } from './time-slice.ts'

function busyFor(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // Holds the event loop, as a long conversion does.
  }
}

describe('timeSlice', () => {
  it('is due only once its budget is used up', () => {
    const slice = timeSlice(5)
    expect(slice.due).toBe(false)
    busyFor(6)
    expect(slice.due).toBe(true)
  })

  it('lets waiting callbacks run when it pauses, then starts a new slice', async () => {
    const slice = timeSlice(5)
    let ran = false
    setImmediate(() => (ran = true))
    busyFor(6)
    expect(ran).toBe(false)
    await slice.pause()
    expect(ran).toBe(true)
    expect(slice.due).toBe(false)
  })
})

describe('yieldToEventLoop', () => {
  it('runs I/O-phase callbacks queued before it', async () => {
    const order: string[] = []
    setImmediate(() => order.push('queued first'))
    await yieldToEventLoop()
    order.push('after the yield')
    expect(order).toEqual(['queued first', 'after the yield'])
  })
})

describe('waitForTurn', () => {
  it('resumes one paused slice per event-loop turn, in the order they paused', async () => {
    let turn = 0
    let counting = true
    const count = () => {
      turn++
      if (counting) setImmediate(count)
    }
    setImmediate(count)
    const resumedIn: Record<string, number> = {}
    await Promise.all(
      ['first', 'second', 'third'].map(async (name) => {
        await waitForTurn()
        resumedIn[name] = turn
      }),
    )
    counting = false
    expect(resumedIn.first).toBeLessThan(resumedIn.second!)
    expect(resumedIn.second).toBeLessThan(resumedIn.third!)
  })
})
