/*
 * Scores Lookout's version ordering against reference fixtures generated from each ecosystem's
 * own implementation (osv-scanner's semantic fixtures, the vers-spec test suite) and measures
 * comparisons per second next to a plain string-compare floor.
 *
 *   LOOKOUT_SHARED_DATA  the reference data folder (default ../shared/data from the repo root);
 *                        reads version-comparison/osv-scanner/*.txt and vers-spec/tests/*.json
 */
import fs from 'node:fs'
import path from 'node:path'
import { compareVersions, type VersionScheme } from '../common/versions/index.ts'

const root = path.resolve(import.meta.dirname, '..')
const shared = path.resolve(
  root,
  process.env.LOOKOUT_SHARED_DATA ?? process.env.BENCH_SHARED_DATA ?? '../shared/data',
)
const folder = path.join(shared, 'version-comparison')

interface Case {
  a: string
  b: string
  /** compare: the expected sign; differs: any non-zero sign; contains: 1 = in the range. */
  expect: -1 | 0 | 1
  kind: 'compare' | 'differs' | 'contains'
}

interface Suite {
  name: string
  scheme: VersionScheme
  cases: Case[]
}

// osv-scanner checks Go, crates.io and Hex against its SemVer fixtures, so those schemes are too.
const OSV_FILES: Record<string, VersionScheme[]> = {
  alpine: ['apk'],
  cran: ['cran'],
  debian: ['deb'],
  maven: ['maven'],
  nuget: ['nuget'],
  packagist: ['composer'],
  pypi: ['pypi'],
  redhat: ['rpm'],
  rubygems: ['gem'],
  semver: ['semver', 'golang', 'cargo', 'hex'],
}
const VERS_SCHEMES: Record<string, VersionScheme> = {
  apk: 'apk',
  maven: 'maven',
  nuget: 'nuget',
  npm: 'npm',
  pypi: 'pypi',
}
const OPS: Record<string, -1 | 0 | 1> = { '<': -1, '=': 0, '>': 1 }

function osvSuites(): Suite[] {
  const dir = path.join(folder, 'osv-scanner')
  if (!fs.existsSync(dir)) return []
  const suites: Suite[] = []
  for (const [ecosystem, schemes] of Object.entries(OSV_FILES)) {
    const cases: Case[] = []
    const files = fs.readdirSync(dir).filter((f) => f.startsWith(`${ecosystem}-versions`))
    for (const file of files.sort()) {
      for (const raw of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
        const line = raw.trim()
        if (line === '' || line.startsWith('#') || line.startsWith('//')) continue
        const [a, op, b, extra] = line.split(' ')
        if (extra !== undefined || !a || !b || !op || !(op in OPS)) {
          console.warn(`  skipped unreadable line in ${file}: ${line}`)
          continue
        }
        cases.push({ a, b, expect: OPS[op]!, kind: 'compare' })
      }
    }
    if (cases.length === 0) continue
    for (const scheme of schemes) suites.push({ name: `osv ${ecosystem}`, scheme, cases })
  }
  return suites
}

interface VersTest {
  test_type: string
  input: { input_scheme?: string; versions?: string[]; vers?: string; version?: string }
  expected_output: unknown
}

function versSuites(): Suite[] {
  const dir = path.join(folder, 'vers-spec', 'tests')
  if (!fs.existsSync(dir)) return []
  const suites = new Map<string, Suite>()
  const unscored = new Set<string>()
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith('.json')) continue
    const { tests } = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
      tests: VersTest[]
    }
    for (const test of tests) {
      const name =
        test.input.input_scheme ?? /^vers:([^/]+)\//.exec(test.input.vers ?? '')?.[1] ?? ''
      const scheme = VERS_SCHEMES[name]
      const scored = ['comparison', 'equality', 'containment'].includes(test.test_type)
      if (!scheme || !scored) {
        unscored.add(`${name || 'vers'} ${test.test_type}`)
        continue
      }
      const suite = suites.get(name) ?? { name: `vers ${name}`, scheme, cases: [] }
      suites.set(name, suite)
      const [a, b] = test.input.versions ?? []
      if (test.test_type === 'comparison' && a !== undefined && b !== undefined) {
        const [first, second] = test.expected_output as string[]
        suite.cases.push({ a: first!, b: second!, expect: -1, kind: 'compare' })
      } else if (test.test_type === 'equality' && a !== undefined && b !== undefined) {
        const equal = test.expected_output === true
        suite.cases.push({ a, b, expect: equal ? 0 : 1, kind: equal ? 'compare' : 'differs' })
      } else if (test.test_type === 'containment' && test.input.vers && test.input.version) {
        suite.cases.push({
          a: test.input.vers,
          b: test.input.version,
          expect: test.expected_output === true ? 1 : 0,
          kind: 'contains',
        })
      }
    }
  }
  if (unscored.size > 0) {
    console.log(
      `vers-spec tests not scored (no Lookout scheme, or range syntax rather than order):`,
    )
    console.log(`  ${[...unscored].sort().join(', ')}\n`)
  }
  return [...suites.values()].filter((s) => s.cases.length > 0)
}

/** The vers containment algorithm (vers-spec "checking if a version is contained"). */
function contains(scheme: VersionScheme, vers: string, version: string): boolean | undefined {
  const body = vers.slice(vers.indexOf('/') + 1)
  if (body.trim() === '*') return true
  const constraints = body.split('|').map((c) => {
    const m = /^\s*(>=|<=|!=|<|>|=)?\s*(.+?)\s*$/.exec(c)!
    return { op: m[1] ?? '=', v: decodeURIComponent(m[2]!) }
  })
  const cmp = (a: string, b: string) => compareVersions(scheme, a, b)
  for (const c of constraints) {
    if (c.op !== '=' && c.op !== '!=') continue
    const d = cmp(version, c.v)
    if (d === undefined) return undefined
    if (d === 0) return c.op === '='
  }
  const ranges = constraints.filter((c) => c.op !== '=' && c.op !== '!=')
  if (ranges.length === 0) return false
  ranges.sort((x, y) => cmp(x.v, y.v) ?? 0)
  const holds = (c: { op: string; v: string }) => {
    const d = cmp(version, c.v)
    if (d === undefined) return false
    return c.op === '<' ? d < 0 : c.op === '<=' ? d <= 0 : c.op === '>' ? d > 0 : d >= 0
  }
  const first = ranges[0]!
  const last = ranges.at(-1)!
  if ((first.op === '<' || first.op === '<=') && holds(first)) return true
  if ((last.op === '>' || last.op === '>=') && holds(last)) return true
  for (let i = 0; i < ranges.length - 1; i++) {
    const [lo, hi] = [ranges[i]!, ranges[i + 1]!]
    if ((lo.op === '>' || lo.op === '>=') && (hi.op === '<' || hi.op === '<=')) {
      if (holds(lo) && holds(hi)) return true
    }
  }
  return false
}

function check(suite: Suite, c: Case): { ok: boolean; got: string } {
  if (c.kind === 'contains') {
    const got = contains(suite.scheme, c.a, c.b)
    return { ok: got === (c.expect === 1), got: String(got) }
  }
  const got = compareVersions(suite.scheme, c.a, c.b)
  const shown = got === undefined ? 'invalid' : got < 0 ? '<' : got > 0 ? '>' : '='
  const ok = c.kind === 'differs' ? got !== undefined && got !== 0 : got === c.expect
  return { ok, got: shown }
}

function describe(c: Case): string {
  if (c.kind === 'contains') return `${c.b} in ${c.a} should be ${c.expect === 1}`
  const op = c.kind === 'differs' ? '!=' : c.expect < 0 ? '<' : c.expect > 0 ? '>' : '='
  return `${c.a} ${op} ${c.b}`
}

function throughput(pairs: [VersionScheme, string, string][]) {
  const rounds = 5
  const time = (fn: () => void) => {
    const started = performance.now()
    fn()
    return performance.now() - started
  }
  const first = time(() => {
    for (const [s, a, b] of pairs) compareVersions(s, a, b)
  })
  let sink = 0 // keeps the loops' results alive
  const warm = time(() => {
    for (let r = 0; r < rounds; r++)
      for (const [s, a, b] of pairs) sink += compareVersions(s, a, b) ?? 0
  })
  const locale = time(() => {
    for (let r = 0; r < rounds; r++) for (const [, a, b] of pairs) sink += a.localeCompare(b)
  })
  const plain = time(() => {
    for (let r = 0; r < rounds; r++)
      for (const [, a, b] of pairs) sink += a < b ? -1 : a > b ? 1 : 0
  })
  void sink
  const perSecond = (ms: number, n: number) => Math.round((n / ms) * 1000).toLocaleString('en')
  const n = pairs.length * rounds
  console.log(`\nThroughput over ${pairs.length.toLocaleString('en')} fixture pairs:`)
  console.log(
    `  first pass (parses every string)   ${perSecond(first, pairs.length)} comparisons/s`,
  )
  console.log(`  cached (${rounds} more passes)            ${perSecond(warm, n)} comparisons/s`)
  console.log(`  floor: String.localeCompare        ${perSecond(locale, n)} comparisons/s`)
  console.log(`  floor: plain < / > string compare  ${perSecond(plain, n)} comparisons/s`)
}

function main() {
  if (!fs.existsSync(folder)) {
    console.log(`Version accuracy: skipped, no fixtures at ${folder}.`)
    console.log('Set LOOKOUT_SHARED_DATA to the folder holding version-comparison/osv-scanner and')
    console.log('version-comparison/vers-spec (the shared reference data, see its README).')
    return
  }
  const suites = [...osvSuites(), ...versSuites()]
  if (suites.length === 0) {
    console.log(`Version accuracy: skipped, ${folder} holds no osv-scanner or vers-spec fixtures.`)
    return
  }
  console.log(`Version ordering accuracy (fixtures from ${folder})\n`)
  console.log('| fixtures | scheme | correct / total | % |')
  console.log('|---|---|---|---|')
  const failures: string[] = []
  const pairs: [VersionScheme, string, string][] = []
  for (const suite of suites) {
    let correct = 0
    const failed: string[] = []
    for (const c of suite.cases) {
      const { ok, got } = check(suite, c)
      if (ok) correct++
      else failed.push(`${describe(c)} (got ${got})`)
      if (c.kind !== 'contains') pairs.push([suite.scheme, c.a, c.b])
    }
    const pct = ((correct / suite.cases.length) * 100).toFixed(2)
    console.log(`| ${suite.name} | ${suite.scheme} | ${correct} / ${suite.cases.length} | ${pct} |`)
    if (failed.length > 0) {
      failures.push(`${suite.name} (${failed.length} failing):`)
      failures.push(...failed.slice(0, 8).map((f) => `    ${f}`))
    }
  }
  if (failures.length > 0)
    console.log(`\nFailures (first few per suite):\n  ${failures.join('\n  ')}`)
  else console.log('\nEvery fixture ordered as its reference implementation orders it.')
  throughput(pairs)
}

main()
