// `npm test`: every check and every test layer, with one summary line at the end.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const results = path.join(root, 'test-results')
fs.mkdirSync(results, { recursive: true })

const totals = { passed: 0, failed: 0 }
const failedSteps = []

function run(name, command, args, env = {}) {
  process.stdout.write(`\n▶ ${name}\n`)
  const started = Date.now()
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  const ok = result.status === 0
  process.stdout.write(`${ok ? '✔' : '✘'} ${name} (${seconds} s)\n`)
  if (!ok) failedSteps.push(name)
  return ok
}

function countVitest(file) {
  try {
    const report = JSON.parse(fs.readFileSync(file, 'utf8'))
    totals.passed += report.numPassedTests
    totals.failed += report.numFailedTests
  } catch {
    totals.failed += 1
  }
}

function countPlaywright(file) {
  try {
    const { stats } = JSON.parse(fs.readFileSync(file, 'utf8'))
    totals.passed += stats.expected + stats.flaky
    totals.failed += stats.unexpected
  } catch {
    totals.failed += 1
  }
}

const npx = (...args) => ['npx', ['--no-install', ...args]]
const vitest = (project, output) =>
  npx(
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${output}`,
  )

run('lint', ...npx('eslint', '--max-warnings=0', '.'))
run('format', ...npx('prettier', '--check', '.'))
run('typecheck', ...npx('tsc', '--noEmit'))

run('unit tests', ...vitest('unit', path.join(results, 'unit.json')))
countVitest(path.join(results, 'unit.json'))

run('API tests on PGlite', ...vitest('api', path.join(results, 'api-pglite.json')))
countVitest(path.join(results, 'api-pglite.json'))

if (process.env.TEST_DATABASE_URL) {
  run('API tests on PostgreSQL', ...vitest('api', path.join(results, 'api-postgres.json')), {
    LOOKOUT_TEST_DIALECT: 'postgres',
  })
  countVitest(path.join(results, 'api-postgres.json'))
} else {
  process.stdout.write('\n(API tests on PostgreSQL skipped: set TEST_DATABASE_URL to run them)\n')
}

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (candidate) => candidate && fs.existsSync(candidate),
)
if (!chromium) {
  process.stdout.write(
    '\n✘ end-to-end tests need Chromium: install it with `sudo apt-get install chromium`\n' +
      '  (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.\n',
  )
  failedSteps.push('end-to-end tests (no Chromium)')
} else if (run('build', 'npm', ['run', 'build', '--silent'])) {
  fs.rmSync(path.join(results, 'e2e.json'), { force: true })
  run('end-to-end tests', ...npx('playwright', 'test'), { CHROMIUM_PATH: chromium })
  countPlaywright(path.join(results, 'e2e.json'))
}

if (failedSteps.length > 0) process.stdout.write(`\nFailed steps: ${failedSteps.join(', ')}\n`)
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed\n`)
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0)
