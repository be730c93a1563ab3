import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs/promises'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { ossIndexPort } from './offline-services.ts'

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      )
    })
  })
}

/** A brand-new Lookout with an empty database, for flows that need the first-start admin. */
export async function startFreshServer(extraEnv: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lookout-fresh-'))
  // A free port can be taken by another test's server before ours binds it: try another then.
  for (let attempt = 1; ; attempt++) {
    try {
      const { child, baseUrl } = await launch(dataDir, await freePort(), extraEnv)
      return {
        baseUrl,
        async stop() {
          child.kill('SIGTERM')
          await new Promise((resolve) => child.once('exit', resolve))
          await fs.rm(dataDir, { recursive: true, force: true })
        },
      }
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('EADDRINUSE')) throw error
    }
  }
}

async function launch(dataDir: string, port: number, extraEnv: Record<string, string>) {
  const child: ChildProcess = spawn(process.execPath, ['build/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOOKOUT_DATA_DIR: dataDir,
      LOOKOUT_BCRYPT_ROUNDS: '4',
      LOG_LEVEL: 'warn',
      // Mirrors run only when a test asks (they would reach the internet on their own schedule).
      LOOKOUT_MIRROR_SCHEDULE: 'false',
      // Analyses ask the run's loopback OSS Index, never the internet (it would hold the worker).
      LOOKOUT_OSSINDEX_URL: `http://127.0.0.1:${ossIndexPort()}`,
      // Default package repositories there too (it answers their requests with 404).
      LOOKOUT_REPOSITORY_DEFAULTS_URL: `http://127.0.0.1:${ossIndexPort()}/repositories`,
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000)
  })
  const baseUrl = `http://127.0.0.1:${port}`
  // Creating a database takes seconds; far longer on a machine busy with parallel test workers.
  const deadline = Date.now() + 150_000
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`fresh server exited with ${child.exitCode}: ${stderr}`)
    }
    try {
      const health = await fetch(`${baseUrl}/health`)
      // Another program on the port answers too; only ours says it is up.
      if (health.ok && ((await health.json()) as { status?: string }).status === 'UP') {
        return { child, baseUrl }
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`fresh server did not start in 150 s: ${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}
