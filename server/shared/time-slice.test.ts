import { describe, expect, it } from 'vitest'
import { timeSlice, yieldToEventLoop } from './time-slice.ts'

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
