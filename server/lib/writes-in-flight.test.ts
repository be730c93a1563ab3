import { describe, expect, it } from 'vitest'
import { writesInFlight } from './writes-in-flight.ts'

function write() {
  let settle!: (error?: Error) => void
  const promise = new Promise<void>((resolve, reject) => {
    settle = (error) => (error ? reject(error) : resolve())
  })
  return { promise, settle }
}

describe('writesInFlight', () => {
  it('lets the caller build the next write while two are under way, no more', async () => {
    const writes = writesInFlight()
    const [a, b, c] = [write(), write(), write()]
    await writes.add(a.promise)
    await writes.add(b.promise)
    let thirdAdded = false
    const adding = writes.add(c.promise).then(() => (thirdAdded = true))
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(thirdAdded).toBe(false)
    a.settle()
    await adding
    expect(thirdAdded).toBe(true)
    b.settle()
    c.settle()
    await writes.drain()
  })

  it('reports the first failed write, and later failures raise no unhandled rejection', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      const writes = writesInFlight()
      const [a, b, c] = [write(), write(), write()]
      await writes.add(a.promise)
      await writes.add(b.promise)
      const adding = writes.add(c.promise)
      b.settle(new Error('second failed'))
      c.settle(new Error('aborted transaction'))
      a.settle(new Error('first failed'))
      await expect(adding).rejects.toThrow('first failed')
      await new Promise((resolve) => setTimeout(resolve, 5))
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})
