/**
 * OSV records made by hand in the schema's real shape (https://ossf.github.io/osv-schema/), for
 * tests and benchmarks; nothing here is copied from real advisories.
 */

export interface OsvDocument {
  id: string
  [field: string]: unknown
}

/** A GitHub-reviewed style advisory for one package with one ECOSYSTEM range. */
export function osvAdvisory(
  id: string,
  options: {
    ecosystem?: string
    name?: string
    purl?: string
    modified?: string
    summary?: string
    introduced?: string
    fixed?: string
    withdrawn?: string
    aliases?: string[]
    extra?: Record<string, unknown>
  } = {},
): OsvDocument {
  const ecosystem = options.ecosystem ?? 'crates.io'
  const name = options.name ?? `crate-${id.toLowerCase()}`
  return {
    schema_version: '1.6.0',
    id,
    modified: options.modified ?? '2024-03-01T10:00:00Z',
    published: '2023-11-20T08:30:00Z',
    ...(options.withdrawn ? { withdrawn: options.withdrawn } : {}),
    aliases: options.aliases ?? [],
    summary: options.summary ?? `Out-of-bounds read in ${name}`,
    details: `${name} reads past the end of a buffer when parsing crafted input.`,
    severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
    affected: [
      {
        package: {
          ecosystem,
          name,
          purl: options.purl ?? `pkg:cargo/${name}`,
        },
        ranges: [
          {
            type: 'SEMVER',
            events: [
              { introduced: options.introduced ?? '0' },
              { fixed: options.fixed ?? '1.2.3' },
            ],
          },
        ],
        database_specific: { source: `https://example.test/advisories/${id}.json` },
      },
    ],
    references: [
      { type: 'ADVISORY', url: `https://example.test/advisories/${id}` },
      { type: 'PACKAGE', url: `https://example.test/packages/${name}` },
    ],
    database_specific: { severity: 'HIGH', cwe_ids: ['CWE-125'] },
    ...options.extra,
  }
}

const ECOSYSTEM_PURL: Record<string, (name: string) => string> = {
  Maven: (name) => `pkg:maven/org.example.${name.split('-')[0]}/${name}`,
  npm: (name) => `pkg:npm/${name}`,
  PyPI: (name) => `pkg:pypi/${name}`,
  'crates.io': (name) => `pkg:cargo/${name}`,
  Go: (name) => `pkg:golang/github.com/example/${name}`,
}

/** A deterministic pseudo-random number generator (mulberry32), so generated data repeats. */
export function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS =
  'buffer parser request header cookie session token archive stream decoder encoder template path query upload redirect certificate signature cache'.split(
    ' ',
  )

/**
 * The n-th advisory of a generated ecosystem, about the size and shape of real GitHub-sourced OSV
 * records (2–5 KB): mostly one affected package (up to three) with one or two ranges (about 1.6
 * vulnerable-software rows per advisory; RustSec's real records average 1.2), versions lists,
 * references, credits, aliases and CVSS vectors.
 */
export function generatedAdvisory(n: number, ecosystem = 'Maven'): OsvDocument {
  const next = random(n * 7919 + 17)
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
  const word = () => pick(WORDS)
  const purlOf = ECOSYSTEM_PURL[ecosystem] ?? ((name: string) => `pkg:generic/${name}`)
  const version = () =>
    `${Math.floor(next() * 10)}.${Math.floor(next() * 20)}.${Math.floor(next() * 30)}`
  const weighted = (weights: number[]) => {
    let roll = next()
    for (const [index, weight] of weights.entries()) {
      if ((roll -= weight) < 0) return index + 1
    }
    return weights.length
  }
  const affected = Array.from({ length: weighted([0.75, 0.2, 0.05]) }, (_, a) => {
    // A few thousand packages per ecosystem: advisories cluster on popular packages.
    const name = `${word()}-${word()}-${Math.floor(next() * 10)}`
    const ranges = Array.from({ length: weighted([0.8, 0.2]) }, () => ({
      type: 'ECOSYSTEM',
      events:
        next() < 0.2 ? [{ introduced: '0' }] : [{ introduced: version() }, { fixed: version() }],
    }))
    return {
      package: { ecosystem, name, purl: purlOf(name) },
      ranges,
      versions: Array.from({ length: Math.floor(next() * 12) }, version),
      database_specific: {
        source: `https://example.test/advisory-database/${n}/${a}.json`,
        ...(ranges.some((range) => range.events.length === 1)
          ? { last_known_affected_version_range: `<= ${version()}` }
          : {}),
      },
    }
  })
  const id = `GHSA-${n.toString(36).padStart(4, '0')}-${Math.floor(next() * 1e6).toString(36)}-gen`
  return {
    schema_version: '1.6.0',
    id,
    modified: new Date(Date.UTC(2024, 0, 1) + n * 60_000).toISOString(),
    published: new Date(Date.UTC(2022, 0, 1) + n * 60_000).toISOString(),
    aliases: next() < 0.8 ? [`CVE-2024-${10000 + n}`] : [],
    summary: `${word()} ${word()} vulnerability in ${affected[0]!.package.name}`,
    details: Array.from({ length: 6 + Math.floor(next() * 20) }, () =>
      Array.from({ length: 12 }, word).join(' '),
    ).join('.\n\n'),
    severity: [
      {
        type: 'CVSS_V3',
        score: `CVSS:3.1/AV:${pick(['N', 'A', 'L'])}/AC:${pick(['L', 'H'])}/PR:${pick(['N', 'L', 'H'])}/UI:${pick(['N', 'R'])}/S:U/C:${pick(['N', 'L', 'H'])}/I:${pick(['N', 'L', 'H'])}/A:${pick(['N', 'L', 'H'])}`,
      },
    ],
    affected,
    references: Array.from({ length: 2 + Math.floor(next() * 8) }, (_, r) => ({
      type: pick(['ADVISORY', 'WEB', 'PACKAGE', 'FIX']),
      url: `https://example.test/${word()}/${n}/${r}`,
    })),
    credits: next() < 0.3 ? [{ name: `${word()} researcher` }] : [],
    database_specific: {
      severity: pick(['LOW', 'MODERATE', 'HIGH', 'CRITICAL']),
      cwe_ids: [pick(['CWE-79', 'CWE-125', 'CWE-400', 'CWE-502', 'CWE-22'])],
      github_reviewed: true,
    },
  }
}
