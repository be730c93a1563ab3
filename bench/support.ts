/* Pieces shared by the benchmarks: a realistic BOM generator, an admin sign-in, the server bundle. */
import { spawn } from 'node:child_process'
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'

// BOM generation (deterministic for a size)

function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0
    state = Math.imul(state ^ (state >>> 13), 3266489909) >>> 0
    return ((state ^ (state >>> 16)) >>> 0) / 4294967296
  }
}

const LICENSES = ['MIT', 'Apache-2.0', 'ISC', 'BSD-3-Clause', 'BSD-2-Clause', '0BSD']
const WORDS = ['fast', 'tiny', 'safe', 'async', 'stream', 'parse', 'json', 'http', 'util', 'core']

export function generateBom(count: number): string {
  const next = random(count)
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
  const hex = (length: number) => {
    let out = ''
    while (out.length < length)
      out += Math.floor(next() * 0xffffffff)
        .toString(16)
        .padStart(8, '0')
    return out.slice(0, length)
  }
  const components = []
  const refs: string[] = []
  for (let i = 0; i < count; i++) {
    const scoped = next() < 0.3
    const group = scoped ? `@${pick(WORDS)}-${i % 97}` : undefined
    const name = `${pick(WORDS)}-${pick(WORDS)}-${i}`
    const version = `${Math.floor(next() * 10)}.${Math.floor(next() * 30)}.${Math.floor(next() * 20)}`
    const purl = `pkg:npm/${group ? `${encodeURIComponent(group)}/` : ''}${name}@${version}`
    refs.push(purl)
    const license =
      next() < 0.1
        ? [{ expression: `${pick(LICENSES)} OR ${pick(LICENSES)}` }]
        : [{ license: { id: pick(LICENSES) } }]
    components.push({
      type: 'library',
      'bom-ref': purl,
      ...(group ? { group } : {}),
      name,
      version,
      description: `A ${pick(WORDS)} ${pick(WORDS)} library for ${pick(WORDS)} things`,
      author: `Author ${i % 500}`,
      licenses: license,
      purl,
      hashes: [{ alg: 'SHA-512', content: hex(128) }],
      externalReferences: [
        { type: 'vcs', url: `git+https://github.com/example/${name}.git` },
        { type: 'website', url: `https://example.org/${name}#readme` },
        {
          type: 'distribution',
          url: `https://registry.npmjs.org/${name}/-/${name}-${version}.tgz`,
        },
      ],
      properties: [
        { name: 'cdx:npm:package:path', value: `node_modules/${group ? `${group}/` : ''}${name}` },
        ...(next() < 0.3 ? [{ name: 'cdx:npm:package:development', value: 'true' }] : []),
      ],
    })
  }
  const dependencies = [
    { ref: 'root-app', dependsOn: refs.slice(0, Math.min(25, count)) },
    ...refs.map((ref, i) => {
      const dependsOn = new Set<string>()
      const fanOut = Math.floor(next() * 5)
      for (let k = 0; k < fanOut && i + 1 < count; k++) {
        dependsOn.add(refs[i + 1 + Math.floor(next() * Math.min(500, count - i - 1))]!)
      }
      return { ref, dependsOn: [...dependsOn] }
    }),
  ]
  return JSON.stringify({
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: {
      timestamp: new Date().toISOString(),
      component: {
        type: 'application',
        'bom-ref': 'root-app',
        name: 'bench-app',
        version: '1.0.0',
      },
    },
    components,
    dependencies,
  })
}

/** Signs in as the seeded admin (changing its first password) and returns a JWT. */
export async function adminToken(base: string) {
  const password = `bench-${randomBytes(6).toString('hex')}`
  await fetch(`${base}/api/v1/user/forceChangePassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: 'admin',
      password: 'admin',
      newPassword: password,
      confirmPassword: password,
    }),
  })
  const response = await fetch(`${base}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password }),
  })
  return response.text()
}

/**
 * The bench's server side runs from an esbuild bundle of `script`, as `npm run build` ships the
 * server, so its memory is measured without a TypeScript loader in the process.
 */
export async function bundleBenchServer(
  script: string,
  name: string,
  /** Packages bundled in rather than imported (CommonJS ones whose named exports Node cannot see). */
  inline: readonly string[] = [],
) {
  const { build } = await import('esbuild')
  const inlined = (specifier: string) =>
    inline.some((name) => specifier === name || specifier.startsWith(`${name}/`))
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
  // node_modules may be shared by several checkouts (worktrees): one bundle folder per checkout.
  const checkout = createHash('sha256').update(root).digest('hex').slice(0, 8)
  const dir = path.join(root, 'node_modules', '.cache', `lookout-bench-${name}-${checkout}`)
  const outfile = path.join(dir, `${name}.mjs`)
  // The threads' entries go next to the bundle, where server/db/pglite-thread.ts and
  // server/domain/bom/workers.ts look for them.
  for (const [entry, file] of [
    [script, outfile] as const,
    [path.join(root, 'server', 'db', 'pglite-worker.ts'), path.join(dir, 'pglite-worker.js')],
    [path.join(root, 'server', 'domain', 'bom', 'worker.ts'), path.join(dir, 'bom-worker.mjs')],
  ]) {
    await build({
      entryPoints: [entry],
      outfile: file,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node22',
      ...(inline.length === 0
        ? { packages: 'external' as const }
        : {
            plugins: [
              {
                name: 'external-but-inlined',
                setup(builder) {
                  builder.onResolve({ filter: /^[^./]/ }, (args) =>
                    inlined(args.path) ? undefined : { path: args.path, external: true },
                  )
                },
              },
            ],
          }),
      logLevel: 'warning',
    })
  }
  fs.cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(dir, 'migrations'), {
    recursive: true,
  })
  return outfile
}

/** Linux resets VmHWM (the peak RSS) when 5 is written to clear_refs. */
export function resetPeakRss() {
  try {
    fs.writeFileSync('/proc/self/clear_refs', '5')
  } catch {
    // elsewhere the peak covers the whole process
  }
}

/** The process's peak RSS (Linux: since the last resetPeakRss). */
export function peakRssMiB() {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8')
    return Number(/VmHWM:\s+(\d+)/.exec(status)![1]) / 1024
  } catch {
    return process.resourceUsage().maxRSS / 1024
  }
}

/** Linux's figures for another process: VmHWM (peak RSS), VmRSS, and CPU time from /proc. */
export function processFigures(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  const kib = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
  // utime and stime are fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 per second).
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return {
    peakRssMiB: kib('VmHWM') / 1024,
    rssMiB: kib('VmRSS') / 1024,
    cpuMs: (Number(fields[11]) + Number(fields[12])) * 10,
  }
}

/**
 * Starts the server exactly as `npm start` does (`node scripts/start.mjs`: builds when the build
 * is older than the sources, then serves with the server's Node flags) on a data folder, and
 * waits for /health; `pid` and `figures` are the serving process's.
 */
export async function startNpmServer(dataDir: string, env: Record<string, string | undefined>) {
  const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOOKOUT_DATA_DIR: dataDir,
      LOOKOUT_MIRROR_SCHEDULE: 'false',
      LOG_LEVEL: 'error',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  let running = true
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => {
      running = false
      reject(new Error(`the server exited with ${code}`))
    }),
  )
  exited.catch(() => undefined)
  const base = `http://127.0.0.1:${port}`
  const healthy = (async () => {
    while (running) {
      try {
        if ((await fetch(`${base}/health`)).ok) return
      } catch {
        // still building or starting
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  await Promise.race([healthy, exited])
  // start.mjs serves in a process of its own when it was started without the server's flags.
  const children = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim()
  const pid = children ? Number(children.split(' ')[0]) : child.pid!
  return {
    base,
    pid,
    figures: () => processFigures(pid),
    stop: () =>
      new Promise<void>((resolve) => {
        child.removeAllListeners('exit')
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
