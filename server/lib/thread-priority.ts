import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Lowers the CPU priority of the calling thread only (Linux: setpriority on the thread's id, from
 * /proc/thread-self). Background threads call it so that, on a busy machine, the threads that
 * answer requests (the event loop, the database's) run first. Elsewhere it does nothing.
 */
export function lowerThisThreadsPriority(): boolean {
  try {
    const threadId = Number(path.basename(fs.readlinkSync('/proc/thread-self')))
    os.setPriority(threadId, os.constants.priority.PRIORITY_BELOW_NORMAL)
    return true
  } catch {
    return false
  }
}
