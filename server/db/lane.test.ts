import { describe, expect, it } from 'vitest'
import { currentLane, inBackground } from './lane.ts'

describe('database lanes', () => {
  it('keeps job work in the background lane across awaits and timers, and requests in front', async () => {
    expect(currentLane()).toBe('foreground')
    const seen = await inBackground(async () => {
      await Promise.resolve()
      const inTimer = await new Promise<string>((resolve) =>
        setTimeout(() => resolve(currentLane()), 1),
      )
      return [currentLane(), inTimer]
    })
    expect(seen).toEqual(['background', 'background'])
    expect(currentLane()).toBe('foreground')
  })
})
