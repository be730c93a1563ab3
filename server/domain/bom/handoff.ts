import type { ConvertedBom } from './model.ts'

/**
 * A BOM converted while its upload was validated is handed to the job when the job runs in the
 * same process, saving a second decompress, parse and conversion. The stored upload stays the
 * durable copy.
 */
const pending = new Map<string, { bom: ConvertedBom; timer: NodeJS.Timeout }>()

// A job that has not started by then runs elsewhere or later; it parses the stored copy.
const KEEP_MS = 30_000

export function handOver(key: string, bom: ConvertedBom) {
  const timer = setTimeout(() => pending.delete(key), KEEP_MS)
  timer.unref()
  pending.set(key, { bom, timer })
}

export function takeOver(key: string | undefined): ConvertedBom | undefined {
  if (key === undefined) return undefined
  const entry = pending.get(key)
  if (!entry) return undefined
  clearTimeout(entry.timer)
  pending.delete(key)
  return entry.bom
}
