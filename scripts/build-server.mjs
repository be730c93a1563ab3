// Bundles the API server into build/server and records the build's identity.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const out = path.join(root, 'build', 'server')

// The server, and beside main.js the entries of its threads: PGlite's (server/db/pglite-thread.ts)
// and the BOM workers' (server/domain/bom/workers.ts), where those modules look for them.
for (const [entry, file] of [
  ['main.ts', 'main.js'],
  ['db/pglite-worker.ts', 'pglite-worker.js'],
  ['domain/bom/worker.ts', 'bom-worker.mjs'],
]) {
  await build({
    entryPoints: [path.join(root, 'server', entry)],
    outfile: path.join(out, file),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
}
await fs.cp(path.join(root, 'server', 'db', 'migrations'), path.join(out, 'migrations'), {
  recursive: true,
})
const now = new Date()
const pad = (n) => String(n).padStart(2, '0')
const timestamp = `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())} ${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}`
await fs.writeFile(
  path.join(root, 'build', 'build-info.json'),
  `${JSON.stringify({ timestamp, uuid: randomUUID() }, null, 2)}\n`,
)
