import { lowerThisThreadsPriority } from '../../lib/thread-priority.ts'
import { bomTaskOutcome, type BomTask, type BomTaskOutcome } from './check.ts'

// Checking an upload is background work: the event loop and PGlite's thread go first (decision 026).
lowerThisThreadsPriority()

/**
 * The entry of a BOM worker thread (workers.ts). A worker does one task at a time and holds no
 * event loop anyone waits on, so its work is not cut into time slices.
 */
const untimed = { due: false, pause: () => Promise.resolve() }

export default function runInWorker(task: BomTask): Promise<BomTaskOutcome> {
  return bomTaskOutcome(task, untimed)
}
