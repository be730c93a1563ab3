import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Gives every thread a process runs now the nice value `nice` (Linux: each id in /proc/<pid>/task;
 * threads started later inherit it from the thread that starts them). Elsewhere only the main
 * thread. False when the system refused it for the main thread.
 */
export function lowerProcessPriority(pid: number, nice: number): boolean {
  let threadIds: number[]
  try {
    threadIds = fs.readdirSync(`/proc/${pid}/task`).map(Number)
  } catch {
    threadIds = [pid]
  }
  let mainThreadLowered = false
  for (const threadId of threadIds) {
    try {
      os.setPriority(threadId, nice)
      if (threadId === pid) mainThreadLowered = true
    } catch {
      // a thread that ended meanwhile
    }
  }
  return mainThreadLowered
}

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
