import v8 from 'node:v8'

/** How far the heap may grow past what was live after the last collection, in percent. */
export const HEAP_GROWING_PERCENT = 20

let limited = false

/**
 * Keeps garbage from piling up without stopping the event loop to collect it (decision 023).
 * V8 starts its incremental, mostly concurrent collection once the heap has grown by a factor
 * of what was live after the last one; on a large host that factor reaches 4, so a
 * 100,000-component BOM leaves hundreds of MiB of garbage between phases. Forcing full
 * collections bounded that but held the thread ~110 ms each; capping the factor makes V8's own
 * collector start earlier instead (20 %: decision 025 measured the OSV mirror's peak with it). The
 * flag is process-wide (every thread's heap) and read at
 * each collection, so setting it once at start suffices; later calls cost nothing.
 */
export function limitHeapGrowth() {
  if (limited) return
  limited = true
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`)
}
