import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..')

export interface LookoutProcess {
  child: ChildProcess
  baseUrl: string
  /** Every JSON log line the process (and any worker process it starts) has written so far. */
  logs: Array<Record<string, unknown>>
  /** Resolves with the first log line (written so far or later) that `match` accepts. */
  logLine(
    match: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>
}

/** Starts `server/main.ts` in a process of its own, as `npm start` would; resolves once it listens. */
export async function startLookoutProcess(env: Record<string, string>): Promise<LookoutProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test' as const,
      PORT: '0',
      HOST: '127.0.0.1',
      LOOKOUT_BCRYPT_ROUNDS: '4',
      LOOKOUT_MIRROR_SCHEDULE: 'false',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const logs: Array<Record<string, unknown>> = []
  const waiters = new Set<() => void>()
  let partial = ''
  child.stdout!.setEncoding('utf8')
  child.stdout!.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n')
    partial = lines.pop()!
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>)
      } catch {
        // not a log line
      }
    }
    for (const wake of [...waiters]) wake()
  })
  const logLine = (match: (line: Record<string, unknown>) => boolean, timeoutMs = 30_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = logs.find(match)
        if (!found) return
        cleanup()
        resolve(found)
      }
      const timer = setTimeout(() => {
        cleanup()
        reject(new Error('timed out waiting for a log line'))
      }, timeoutMs)
      const cleanup = () => {
        clearTimeout(timer)
        waiters.delete(check)
      }
      waiters.add(check)
      check()
    })
  const ready = await Promise.race([
    logLine((line) => line.msg === 'Lookout is ready'),
    new Promise<never>((_, reject) =>
      child.once('exit', (code) =>
        reject(new Error(`Lookout exited with ${code} before listening`)),
      ),
    ),
  ])
  return { child, baseUrl: String(ready.address), logs, logLine }
}
