import { describe, expect, it } from 'vitest'
import { jsonBatches } from './licenses.ts'

describe('jsonBatches', () => {
  const rows = Array.from({ length: 50 }, (_, i) => ({ id: i, text: 'x'.repeat(100) }))

  it('keeps every row, in order, in batches no larger than the limit', () => {
    const batches = jsonBatches(rows, 1000)
    expect(batches.length).toBeGreaterThan(5)
    for (const batch of batches) expect(Buffer.byteLength(batch)).toBeLessThanOrEqual(1000)
    expect(batches.flatMap((batch) => JSON.parse(batch) as unknown[])).toEqual(rows)
  })

  it('puts a row larger than the limit in a batch of its own', () => {
    const big = { id: 'big', text: 'y'.repeat(5000) }
    const batches = jsonBatches([rows[0], big, rows[1]], 1000)
    expect(batches.map((batch) => JSON.parse(batch))).toEqual([[rows[0]], [big], [rows[1]]])
  })

  it('is one batch when everything fits, and none for no rows', () => {
    expect(jsonBatches(rows, 1e6)).toEqual([JSON.stringify(rows)])
    expect(jsonBatches([], 1000)).toEqual([])
  })
})
