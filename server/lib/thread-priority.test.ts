import fs from 'node:fs'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'

/** A thread's nice value: field 19 of /proc/self/task/<tid>/stat (after the command's ")"). */
function niceOf(threadId: number) {
  const stat = fs.readFileSync(`/proc/self/task/${threadId}/stat`, 'utf8')
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
}

const onLinux = fs.existsSync('/proc/thread-self')

describe.runIf(onLinux)('lowerThisThreadsPriority', () => {
  it('lowers the calling thread only, not the process', async () => {
    const moduleUrl = new URL('./thread-priority.ts', import.meta.url).href
    const worker = new Worker(
      `const { register } = await import('tsx/esm/api'); register();
       const fs = await import('node:fs'); const path = await import('node:path');
       const { parentPort } = await import('node:worker_threads');
       const { lowerThisThreadsPriority } = await import(${JSON.stringify(moduleUrl)});
       const lowered = lowerThisThreadsPriority();
       parentPort.postMessage({ lowered, threadId: Number(path.basename(fs.readlinkSync('/proc/thread-self'))) });
       await new Promise((resolve) => parentPort.once('message', resolve));`,
      { eval: true },
    )
    try {
      const reply = await new Promise<{ lowered: boolean; threadId: number }>((resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
      })
      expect(reply.lowered).toBe(true)
      expect(niceOf(reply.threadId)).toBeGreaterThan(niceOf(process.pid))
    } finally {
      worker.postMessage('done')
      await worker.terminate()
    }
  })
})
