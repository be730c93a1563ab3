/**
 * Long synchronous work (checking, converting and planning a BOM of many thousand components)
 * holds the event loop: no request is answered and no timer fires until it ends. Such loops ask
 * a time slice whether their turn is up and, when it is, give the event loop a turn before going
 * on, so no stretch of work holds it much longer than the slice.
 */
export const SLICE_MS = 15

/** Lets everything that is waiting (I/O callbacks, timers, other requests) run once. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve))
}

export interface TimeSlice {
  /** Whether this slice has used up its time; then `pause()` before going on. */
  readonly due: boolean
  /** Yields to the event loop and starts a new slice. */
  pause(): Promise<void>
}

export function timeSlice(budgetMs = SLICE_MS): TimeSlice {
  let started = performance.now()
  return {
    get due() {
      return performance.now() - started >= budgetMs
    },
    async pause() {
      await yieldToEventLoop()
      started = performance.now()
    },
  }
}
