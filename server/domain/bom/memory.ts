import v8 from 'node:v8'
import vm from 'node:vm'

// Garbage allowed to pile up beyond what was live after the last collection.
const GARBAGE_BUDGET_BYTES = 128 * 1024 * 1024

let collect: (() => void) | null | undefined
let liveAfterCollection = 0

/**
 * A full garbage collection when garbage exceeds its budget. V8 lets garbage pile up to its
 * heap limit (several GiB on a large host) before collecting; a 100,000-component BOM leaves
 * hundreds of MiB of it between phases, which would break the memory budget. The collector is
 * reached through a fresh context, the documented way to get `gc` without starting Node with
 * --expose-gc. Cheap to call often: it only reads the heap size unless a collection is due.
 */
export function collectGarbageIfDue() {
  const used = v8.getHeapStatistics().used_heap_size
  if (used < liveAfterCollection + GARBAGE_BUDGET_BYTES) return
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc')
      collect = vm.runInNewContext('gc') as () => void
    } catch {
      collect = null
    }
  }
  if (!collect) return
  collect()
  liveAfterCollection = v8.getHeapStatistics().used_heap_size
}
