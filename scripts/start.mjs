// `npm start`: builds once when the build is missing or older than the sources, then serves with
// the server's Node flags (a process of its own when this one was started without them).
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { SERVER_NODE_FLAGS } from './server-node-flags.mjs'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const marker = path.join(root, 'build', 'build-info.json')

function newestSource(dir) {
  let newest = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestSource(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

const built = fs.existsSync(marker) ? fs.statSync(marker).mtimeMs : 0
const sources = Math.max(
  ...['app', 'server', 'public'].map((dir) => newestSource(path.join(root, dir))),
  fs.statSync(path.join(root, 'package.json')).mtimeMs,
)
if (built < sources) {
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}
const main = path.join(root, 'build', 'server', 'main.js')
const missing = SERVER_NODE_FLAGS.filter((flag) => !process.execArgv.includes(flag))
if (missing.length === 0) {
  await import(main)
} else {
  const server = spawn(process.execPath, [...process.execArgv, ...missing, main], {
    stdio: 'inherit',
  })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
  server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}
