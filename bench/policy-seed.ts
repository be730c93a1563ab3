/*
 * The policy benchmark's data: one project of N components (npm, Maven and PyPI purls, CPEs,
 * SWID tags, hashes, licenses by id, name and expression), a license catalogue with groups,
 * vulnerabilities with findings (some suppressed, NVD ones with EPSS), repository metadata, and
 * 20 policies of 60 conditions over all 14 subjects. Written set-based; deterministic.
 */
import {
  CONDITION_SUBJECTS,
  SUBJECT_OPERATORS,
  type ConditionSubject,
} from '../common/dt-vocabulary.ts'
import type { Queryable } from '../server/db/database.ts'

const LICENSES = [
  'MIT',
  'Apache-2.0',
  'ISC',
  'BSD-3-Clause',
  'BSD-2-Clause',
  'GPL-2.0-only',
  'GPL-3.0-only',
  'LGPL-2.1-only',
  'MPL-2.0',
  'EPL-2.0',
  'AGPL-3.0-only',
  'CDDL-1.0',
]
const PACKAGES = 3000

function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 2246822507) + 0x9e3779b9) >>> 0
    state = Math.imul(state ^ (state >>> 13), 3266489909) >>> 0
    return ((state ^ (state >>> 16)) >>> 0) / 4294967296
  }
}

/** The project and its components; answers the project id. */
export async function seedProject(db: Queryable, components: number): Promise<number> {
  const [project] = await db.query<{ id: string }>(
    `INSERT INTO project (name, version, is_latest) VALUES ('bench-policy', '1.0', true) RETURNING id`,
  )
  const projectId = Number(project!.id)
  // Component i: ecosystem i % 3, package (i * 7) % PACKAGES, licensing by i % 10.
  await db.query(
    `INSERT INTO component (project_id, name, "group", version, purl, cpe, swid_tag_id, sha1,
       sha256, license_id, license_expression, license)
     SELECT $1, 'pkg-' || p, CASE WHEN e = 1 THEN 'org.bench.g' || (p % 40) END, v,
       CASE e WHEN 0 THEN 'pkg:npm/pkg-' || p || '@' || v
              WHEN 1 THEN 'pkg:maven/org.bench.g' || (p % 40) || '/pkg-' || p || '@' || v
              ELSE 'pkg:pypi/pkg-' || p || '@' || v END,
       CASE WHEN i % 3 = 0 THEN 'cpe:2.3:a:vendor-' || (p % 500) || ':pkg-' || p || ':' || v || ':*:*:*:*:*:*:*' END,
       CASE WHEN i % 10 = 0 THEN 'swid-pkg-' || p || '-' || v END,
       substr(md5('sha1-' || i) || md5('x' || i), 1, 40), md5('a' || i) || md5('b' || i),
       CASE WHEN i % 100 < 90 THEN l[lic] END,
       CASE WHEN i % 100 BETWEEN 90 AND 94 THEN l[lic] || ' OR ' || l[1 + (i / 100) % 12]
            WHEN i % 100 BETWEEN 95 AND 98 THEN l[lic] || ' AND ' || l[1 + (i / 100) % 5] END,
       CASE WHEN i % 100 = 99 THEN 'Bench License ' || (i % 7) END
     FROM generate_series(0, $2 - 1) AS i,
       LATERAL (SELECT i % 3 AS e, (i * 7) % $3 AS p,
         (i % 9) || '.' || (i % 13) || '.' || (i % 7) AS v, $4::text[] AS l,
         -- Mostly permissive licenses; one component in 25 has one of the other seven.
         CASE WHEN i % 25 = 0 THEN 6 + (i / 25) % 7 ELSE 1 + (i / 3) % 5 END AS lic) AS k`,
    [projectId, components, PACKAGES, LICENSES],
  )
  // A fifth of the components are direct dependencies (VERSION_DISTANCE looks at those only).
  await db.query(
    `UPDATE project SET direct_dependencies = (
       SELECT json_agg(json_build_object('uuid', uuid) ORDER BY id)::text FROM component
       WHERE project_id = $1 AND id % 5 = 0)
     WHERE id = $1`,
    [projectId],
  )
  return projectId
}

/** Licenses, groups, vulnerabilities with findings, EPSS scores and repository metadata. */
export async function seedFacts(db: Queryable, projectId: number) {
  await db.query(
    `INSERT INTO license (license_id, name) SELECT id, id FROM unnest($1::text[]) AS id
     ON CONFLICT (license_id) DO NOTHING`,
    [LICENSES],
  )
  for (const [name, members] of [
    ['Bench copyleft', ['GPL-2.0-only', 'GPL-3.0-only', 'AGPL-3.0-only']],
    ['Bench weak copyleft', ['LGPL-2.1-only', 'MPL-2.0', 'EPL-2.0', 'CDDL-1.0']],
    ['Bench permissive', ['MIT', 'Apache-2.0', 'ISC', 'BSD-3-Clause', 'BSD-2-Clause']],
  ] as const) {
    await db.query(
      `WITH g AS (INSERT INTO license_group (name) VALUES ($1) RETURNING id)
       INSERT INTO license_group_license (license_group_id, license_id)
       SELECT g.id, l.id FROM g, license l WHERE l.license_id = ANY($2::text[])`,
      [name, members],
    )
  }
  await db.query(
    `INSERT INTO vulnerability (vuln_id, source, severity, cwes)
     SELECT CASE WHEN i % 2 = 0 THEN 'CVE-2024-' || (10000 + i) ELSE 'GHSA-bench-' || i END,
       CASE WHEN i % 2 = 0 THEN 'NVD' ELSE 'GITHUB' END,
       (ARRAY['CRITICAL','HIGH','MEDIUM','LOW','INFO','UNASSIGNED'])[1 + i % 6],
       CASE WHEN i % 4 <> 3 THEN ARRAY[20 + i % 60, 79 + i % 3] END
     FROM generate_series(0, 1999) AS i`,
  )
  await db.query(
    `INSERT INTO epss_score (cve_id, score, percentile)
     SELECT 'CVE-2024-' || (10000 + i), (i % 1000) / 1000.0, 0.5
     FROM generate_series(0, 1999, 2) AS i`,
  )
  // One component in 40 has one to three vulnerabilities.
  await db.query(
    `INSERT INTO finding (project_id, component_id, vulnerability_id, analyzer_identity)
     SELECT c.project_id, c.id, v.id, 'INTERNAL_ANALYZER'
     FROM component c, generate_series(0, 2) AS k, LATERAL (
       SELECT id FROM vulnerability ORDER BY id OFFSET (c.id * 13 + k * 101) % 2000 LIMIT 1) v
     WHERE c.project_id = $1 AND c.id % 40 = 0 AND k <= c.id % 3`,
    [projectId],
  )
  await db.query(
    `INSERT INTO analysis (project_id, component_id, vulnerability_id, state, suppressed)
     SELECT project_id, component_id, vulnerability_id, 'FALSE_POSITIVE', true FROM finding
     WHERE project_id = $1 AND id % 10 = 0`,
    [projectId],
  )
  // One package in ten has repository metadata, published up to ten years ago.
  await db.query(
    `INSERT INTO repository_meta_component (repository_type, namespace, name, latest_version,
       published)
     SELECT t, CASE WHEN t = 'MAVEN' THEN 'org.bench.g' || (p % 40) END, 'pkg-' || p,
       ((p % 9) + p % 3) || '.' || (p % 13) || '.0', now() - ((p % 3650) || ' days')::interval
     FROM generate_series(0, ${PACKAGES - 1}, 10) AS p,
       unnest(ARRAY['NPM', 'MAVEN', 'PYPI']) AS t`,
  )
}

/**
 * 20 policies of 60 conditions, shaped like real ones: each names every subject once with the
 * kind of value a compliance team writes (no copyleft, no critical vulnerability, nothing older
 * than nine years, …), and fills the rest with deny-list entries (a package, a vendor, a hash, a
 * vulnerability id) that each hit a few components. 15 policies are ANY; 5 are ALL, with any of
 * each subject's operators, so they are evaluated in full but rarely violate.
 */
export async function seedPolicies(db: Queryable) {
  const next = random(20_60)
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!
  const int = (n: number) => Math.floor(next() * n)
  const groups = await db.query<{ uuid: string }>(
    `SELECT uuid::text FROM license_group WHERE name <> 'Bench permissive'`,
  )
  const licenses = await db.query<{ uuid: string }>(
    `SELECT uuid::text FROM license WHERE license_id = ANY($1::text[])`,
    [LICENSES.slice(5)],
  )
  const value: Record<ConditionSubject, () => string> = {
    AGE: () => `P${9 + int(2)}Y`,
    COORDINATES: () =>
      JSON.stringify({
        group: `org.bench.g${int(40)}`,
        name: `pkg-${int(PACKAGES)}`,
        version: '< 5',
      }),
    CPE: () => `:vendor-${int(500)}:pkg-${int(PACKAGES)}:`,
    LICENSE: () => (next() < 0.2 ? 'unresolved' : pick(licenses).uuid),
    LICENSE_GROUP: () => pick(groups).uuid,
    PACKAGE_URL: () => pick([`pkg:npm/pkg-${int(PACKAGES)}@`, `^pkg:pypi/pkg-${int(PACKAGES)}@*`]),
    SEVERITY: () => pick(['CRITICAL', 'HIGH']),
    SWID_TAGID: () => `swid-pkg-${int(PACKAGES)}-`,
    VERSION: () => `0.0.${int(3)}`,
    COMPONENT_HASH: () => JSON.stringify({ algorithm: 'SHA-1', value: int(1e9).toString(16) }),
    CWE: () => `CWE-${20 + int(60)}`,
    VULNERABILITY_ID: () => `CVE-2024-${10000 + 2 * int(1000)}`,
    VERSION_DISTANCE: () => JSON.stringify({ major: String(2 + int(3)) }),
    EPSS: () => (next() * 0.1 + 0.9).toFixed(2),
  }
  const denyList: ConditionSubject[] = [
    'PACKAGE_URL',
    'COORDINATES',
    'CPE',
    'SWID_TAGID',
    'VULNERABILITY_ID',
    'COMPONENT_HASH',
  ]
  for (let p = 0; p < 20; p++) {
    const all = p >= 15
    const [policy] = await db.query<{ id: string }>(
      `INSERT INTO policy (name, operator, violation_state) VALUES ($1, $2, $3) RETURNING id`,
      [`Bench policy ${p + 1}`, all ? 'ALL' : 'ANY', pick(['INFO', 'WARN', 'FAIL'])],
    )
    const rows = Array.from({ length: 60 }, (_, c) => {
      const subject =
        c < CONDITION_SUBJECTS.length
          ? CONDITION_SUBJECTS[c]!
          : denyList[(c + p) % denyList.length]!
      const operators = SUBJECT_OPERATORS[subject]
      // ANY policies use the "is bad" operator (for VERSION: older than); ALL policies any.
      const operator = all ? pick(operators) : operators[subject === 'VERSION' ? 1 : 0]!
      return [policy!.id, subject, operator, value[subject]()]
    })
    await db.query(
      `INSERT INTO policy_condition (policy_id, subject, operator, value)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[])`,
      [0, 1, 2, 3].map((i) => rows.map((row) => row[i])),
    )
  }
}
