/* Prints Lookout's foundation figures: start time, idle memory, sign-in round-trip, JS weight. */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const root = path.resolve(import.meta.dirname, '..')
const port = 3970
const base = `http://127.0.0.1:${port}`

function ensureBuild() {
  if (fs.existsSync(path.join(root, 'build', 'server', 'main.js'))) return
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(1)
}

async function startServer(dataDir: string) {
  const started = performance.now()
  const child = spawn(process.execPath, ['build/server/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOOKOUT_DATA_DIR: dataDir,
      LOOKOUT_MIRROR_SCHEDULE: 'false',
      // No repository metadata jobs: they would ask the internet and share the CPU.
      LOOKOUT_REPOSITORY_METADATA: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  })
  for (;;) {
    try {
      if ((await fetch(`${base}/health`)).ok) break
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const ms = performance.now() - started
  return {
    ms,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

function rssMiB(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
  return kib / 1024
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

async function timed(fn: () => Promise<unknown>, runs: number) {
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await fn()
    times.push(performance.now() - started)
  }
  return { median: percentile(times, 50), p95: percentile(times, 95) }
}

async function javascriptGzip(pagePath: string, cookie?: string) {
  const html = await (
    await fetch(`${base}${pagePath}`, { headers: cookie ? { cookie } : {} })
  ).text()
  const urls = new Set<string>()
  for (const match of html.matchAll(/(?:src|href)="(\/build\/[^"]+\.js)"/g)) urls.add(match[1]!)
  for (const match of html.matchAll(/import\("?(\/build\/[^")]+\.js)"?\)/g)) urls.add(match[1]!)
  for (const match of html.matchAll(/"(\/build\/[^"]+\.js)"/g)) urls.add(match[1]!)
  let raw = 0
  let gzip = 0
  for (const url of urls) {
    const body = Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer())
    raw += body.length
    gzip += gzipSync(body, { level: 9 }).length
  }
  return { files: urls.size, rawKiB: raw / 1024, gzipKiB: gzip / 1024 }
}

async function main() {
  ensureBuild()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lookout-bench-'))
  const rows: Array<[string, string]> = []
  try {
    const first = await startServer(dataDir)
    rows.push(['first start (creates the database)', `${first.ms.toFixed(0)} ms`])
    const password = 'bench-Passw0rd'
    await fetch(`${base}/api/v1/user/forceChangePassword`, {
      method: 'POST',
      body: new URLSearchParams({
        username: 'admin',
        password: 'admin',
        newPassword: password,
        confirmPassword: password,
      }),
    })
    await first.stop()

    const server = await startServer(dataDir)
    rows.push(['start with existing data', `${server.ms.toFixed(0)} ms`])
    await new Promise((resolve) => setTimeout(resolve, 2000))
    rows.push(['idle RSS after start', `${rssMiB(server.pid).toFixed(1)} MiB`])

    const form = new URLSearchParams({ username: 'admin', password })
    const api = await timed(
      () =>
        fetch(`${base}/api/v1/user/login`, { method: 'POST', body: form }).then((r) => r.text()),
      20,
    )
    rows.push([
      'API sign-in round-trip (bcrypt cost 12), median / p95',
      `${api.median.toFixed(1)} / ${api.p95.toFixed(1)} ms`,
    ])
    let cookie = ''
    const consoleLogin = await timed(async () => {
      const response = await fetch(`${base}/login`, {
        method: 'POST',
        body: form,
        redirect: 'manual',
      })
      cookie = response.headers
        .getSetCookie()
        .map((value) => value.split(';')[0])
        .join('; ')
      await response.text()
    }, 20)
    rows.push([
      'console sign-in round-trip, median / p95',
      `${consoleLogin.median.toFixed(1)} / ${consoleLogin.p95.toFixed(1)} ms`,
    ])

    const login = await javascriptGzip('/login')
    rows.push([
      'JavaScript of the sign-in page (gzip)',
      `${login.gzipKiB.toFixed(1)} KiB in ${login.files} files (${login.rawKiB.toFixed(0)} KiB raw)`,
    ])
    const shell = await javascriptGzip('/dashboard', cookie)
    rows.push([
      'JavaScript of the dashboard shell (gzip)',
      `${shell.gzipKiB.toFixed(1)} KiB in ${shell.files} files (${shell.rawKiB.toFixed(0)} KiB raw)`,
    ])
    rows.push(['RSS after the runs above', `${rssMiB(server.pid).toFixed(1)} MiB`])
    await server.stop()
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const width = Math.max(...rows.map(([label]) => label.length))
  console.log(`Lookout foundation benchmark (node ${process.version}, ${os.cpus().length} cores)`)
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`)
}

await main()
