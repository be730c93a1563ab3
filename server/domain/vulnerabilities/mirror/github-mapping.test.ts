import { describe, expect, it, vi } from 'vitest'
import {
  githubAdvisorySchema,
  mapGithubAdvisory,
  purlTypeOfEcosystem,
  severityOfGithub,
  splitPackageName,
  versionBounds,
  vulnerableSoftwareOf,
  type GithubAdvisory,
} from './github-mapping.ts'

// dt-behaviour §2.6 "GitHub Advisories": every mapping rule, on advisories in the GraphQL shape
// the API answers (a `nodes` entry of securityAdvisories).

function advisory(overrides: Record<string, unknown> = {}): GithubAdvisory {
  return githubAdvisorySchema.parse({
    id: 'GSA_kwCzR0hTQS1hYmNkLWVmZ2gtaGprbM4AAQID',
    ghsaId: 'GHSA-abcd-efgh-hjkl',
    summary: 'Prototype pollution in widget',
    description: 'widget before 1.4.2 lets an attacker pollute Object.prototype.',
    severity: 'HIGH',
    publishedAt: '2024-03-01T10:00:00Z',
    updatedAt: '2024-03-05T12:30:00Z',
    withdrawnAt: null,
    identifiers: [
      { type: 'GHSA', value: 'GHSA-abcd-efgh-hjkl' },
      { type: 'CVE', value: 'CVE-2024-1234' },
    ],
    references: [
      { url: 'https://nvd.nist.gov/vuln/detail/CVE-2024-1234' },
      { url: 'https://github.com/example/widget/commit/abc' },
    ],
    cvssSeverities: {
      cvssV3: { score: 7.5, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:H/A:N' },
      cvssV4: { score: 0, vectorString: null },
    },
    cwes: { nodes: [{ cweId: 'CWE-1321' }] },
    vulnerabilities: {
      totalCount: 1,
      pageInfo: { hasNextPage: false, endCursor: 'Y3Vyc29yOjE=' },
      nodes: [
        {
          package: { ecosystem: 'NPM', name: 'widget' },
          vulnerableVersionRange: '< 1.4.2',
          firstPatchedVersion: { identifier: '1.4.2' },
        },
      ],
    },
    ...overrides,
  })
}

describe('mapGithubAdvisory', () => {
  it('maps the advisory fields: GHSA id, source GITHUB, summary as title, dates, references', () => {
    const record = mapGithubAdvisory(advisory())!
    expect(record).toMatchObject({
      source: 'GITHUB',
      vulnId: 'GHSA-abcd-efgh-hjkl',
      title: 'Prototype pollution in widget',
      description: 'widget before 1.4.2 lets an attacker pollute Object.prototype.',
      published: new Date('2024-03-01T10:00:00Z'),
      updated: new Date('2024-03-05T12:30:00Z'),
      references:
        '* [https://nvd.nist.gov/vuln/detail/CVE-2024-1234](https://nvd.nist.gov/vuln/detail/CVE-2024-1234)\n' +
        '* [https://github.com/example/widget/commit/abc](https://github.com/example/widget/commit/abc)',
    })
  })

  it('skips a withdrawn advisory', () => {
    expect(mapGithubAdvisory(advisory({ withdrawnAt: '2024-04-01T00:00:00Z' }))).toBeUndefined()
  })

  it('reads the GHSA id from `id` when only that holds one (Dependency-Track’s fixture form)', () => {
    const record = mapGithubAdvisory(advisory({ ghsaId: null, id: 'GHSA-8v27-2fg9-7h62' }))
    expect(record?.vulnId).toBe('GHSA-8v27-2fg9-7h62')
  })

  it('refuses a node without any GHSA id', () => {
    const parsed = githubAdvisorySchema.safeParse({ id: 'GSA_x', summary: 'no id' })
    expect(parsed.success).toBe(false)
  })

  it('keeps only CWEs the dictionary knows', () => {
    const record = mapGithubAdvisory(
      advisory({
        cwes: { edges: [{ node: { cweId: 'CWE-79' } }, { node: { cweId: 'CWE-99999' } }] },
      }),
    )!
    expect(record.cwes).toEqual([79])
    expect(mapGithubAdvisory(advisory({ cwes: { nodes: [] } }))!.cwes).toBeNull()
  })

  it.each([
    ['LOW', 'LOW'],
    ['MODERATE', 'MEDIUM'],
    ['HIGH', 'HIGH'],
    ['CRITICAL', 'CRITICAL'],
    [null, 'UNASSIGNED'],
  ])('takes GitHub’s severity %s as %s, over the CVSS score', (severity, expected) => {
    // The CVSS v3 vector alone would say CRITICAL (9.8).
    const record = mapGithubAdvisory(
      advisory({
        severity,
        cvssSeverities: {
          cvssV3: { score: 9.8, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' },
        },
      }),
    )!
    expect(record.severity).toBe(expected)
    expect(severityOfGithub(severity)).toBe(expected)
  })

  it('computes the CVSS v3 scores from the vector, not from GitHub’s score field', () => {
    const record = mapGithubAdvisory(
      advisory({
        cvssSeverities: {
          cvssV3: { score: 1.0, vectorString: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H' },
        },
      }),
    )!
    expect(record).toMatchObject({
      cvssV3Vector: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
      cvssV3BaseScore: 9.8,
      cvssV3ImpactSubScore: 5.9,
      cvssV3ExploitabilitySubScore: 3.9,
    })
  })

  it('reads the deprecated `cvss` field of older dumps', () => {
    const record = mapGithubAdvisory(
      advisory({
        cvssSeverities: undefined,
        cvss: { score: 7.5, vectorString: 'CVSS:3.0/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:N/A:N' },
      }),
    )!
    expect(record.cvssV3BaseScore).toBe(7.5)
  })

  it('keeps a CVSS v4 vector beside v3 (beyond 4.13) and leaves both empty without vectors', () => {
    const vector = 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N'
    const withV4 = mapGithubAdvisory(
      advisory({ cvssSeverities: { cvssV3: null, cvssV4: { score: 9.3, vectorString: vector } } }),
    )!
    expect(withV4).toMatchObject({ cvssV4Vector: vector, cvssV4Score: 9.3, cvssV3Vector: null })
    const none = mapGithubAdvisory(
      advisory({ cvssSeverities: { cvssV3: { score: 0, vectorString: null }, cvssV4: null } }),
    )!
    expect(none).toMatchObject({ cvssV3Vector: null, cvssV3BaseScore: null, cvssV4Vector: null })
  })

  it('pairs each CVE identifier with the GHSA id as an alias', () => {
    const record = mapGithubAdvisory(
      advisory({
        identifiers: [
          { type: 'GHSA', value: 'GHSA-abcd-efgh-hjkl' },
          { type: 'CVE', value: 'CVE-2024-1111' },
          { type: 'CVE', value: 'CVE-2024-2222' },
        ],
      }),
    )!
    expect(record.aliases).toEqual([
      { ghsaId: 'GHSA-abcd-efgh-hjkl', cveId: 'CVE-2024-1111' },
      { ghsaId: 'GHSA-abcd-efgh-hjkl', cveId: 'CVE-2024-2222' },
    ])
    expect(mapGithubAdvisory(advisory({ identifiers: [] }))!.aliases).toEqual([])
  })

  it('turns every affected package into vulnerable software', () => {
    const record = mapGithubAdvisory(
      advisory({
        vulnerabilities: {
          nodes: [
            {
              package: { ecosystem: 'NPM', name: '@scope/widget' },
              vulnerableVersionRange: '>= 2.0.0, < 2.3.1',
            },
            {
              package: { ecosystem: 'MAVEN', name: 'org.example:widget-core' },
              vulnerableVersionRange: '<= 5.1',
            },
            { package: { ecosystem: 'PIP', name: 'widget' }, vulnerableVersionRange: '= 0.9.0' },
          ],
        },
      }),
    )!
    expect(record.vulnerableSoftware).toEqual([
      {
        purl: 'pkg:npm/%40scope/widget',
        purlType: 'npm',
        purlNamespace: '@scope',
        purlName: 'widget',
        versionStartIncluding: '2.0.0',
        versionEndExcluding: '2.3.1',
        vulnerable: true,
      },
      {
        purl: 'pkg:maven/org.example/widget-core',
        purlType: 'maven',
        purlNamespace: 'org.example',
        purlName: 'widget-core',
        versionEndIncluding: '5.1',
        vulnerable: true,
      },
      {
        purl: 'pkg:pypi/widget',
        purlType: 'pypi',
        purlNamespace: null,
        purlName: 'widget',
        version: '0.9.0',
        vulnerable: true,
      },
    ])
  })
})

describe('ecosystem → purl type', () => {
  it.each([
    ['COMPOSER', 'composer'],
    ['ERLANG', 'hex'],
    ['GO', 'golang'],
    ['MAVEN', 'maven'],
    ['NPM', 'npm'],
    ['NUGET', 'nuget'],
    ['OTHER', 'generic'],
    ['PIP', 'pypi'],
    ['PUB', 'pub'],
    ['RUBYGEMS', 'gem'],
    ['RUST', 'cargo'],
    ['SWIFT', 'swift'],
    ['rust', 'cargo'],
  ])('%s → %s', (ecosystem, type) => {
    expect(purlTypeOfEcosystem(ecosystem)).toEqual({ type, known: true })
  })

  it('maps an ecosystem 4.13 does not know to generic, with a warning', () => {
    expect(purlTypeOfEcosystem('ACTIONS')).toEqual({ type: 'generic', known: false })
    const warn = vi.fn()
    const software = vulnerableSoftwareOf(
      {
        package: { ecosystem: 'ACTIONS', name: 'example/setup-widget' },
        vulnerableVersionRange: '< 2',
      },
      { warn },
    )
    expect(software).toMatchObject({
      purl: 'pkg:generic/example/setup-widget',
      purlNamespace: 'example',
      purlName: 'setup-widget',
    })
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('ecosystem'), {
      ecosystem: 'ACTIONS',
    })
  })

  it('leaves out a package without a name', () => {
    expect(vulnerableSoftwareOf({ package: { ecosystem: 'NPM', name: ' ' } })).toBeUndefined()
    expect(vulnerableSoftwareOf({ package: null })).toBeUndefined()
  })
})

describe('package names', () => {
  it('splits maven group:artifact', () => {
    expect(splitPackageName('maven', 'org.apache.logging.log4j:log4j-core')).toEqual({
      namespace: 'org.apache.logging.log4j',
      name: 'log4j-core',
    })
  })

  it.each([
    ['golang', 'github.com/example/project/v2', 'github.com/example/project', 'v2'],
    ['npm', '@angular/core', '@angular', 'core'],
    ['composer', 'symfony/http-kernel', 'symfony', 'http-kernel'],
    ['generic', 'org/tool', 'org', 'tool'],
  ])('splits %s names on the last slash: %s', (type, full, namespace, name) => {
    expect(splitPackageName(type, full)).toEqual({ namespace, name })
  })

  it.each([
    ['npm', 'lodash'],
    ['pypi', 'django/extra'],
    ['nuget', 'Newtonsoft.Json'],
    ['swift', 'github.com/vapor/vapor'],
    ['maven', 'no-colon'],
  ])('keeps %s name %s whole', (type, full) => {
    expect(splitPackageName(type, full)).toEqual({ namespace: null, name: full })
  })
})

describe('vulnerableVersionRange', () => {
  it.each([
    ['< 1.4.2', { versionEndExcluding: '1.4.2' }],
    ['<= 1.4.2', { versionEndIncluding: '1.4.2' }],
    ['>= 1.0.0', { versionStartIncluding: '1.0.0' }],
    ['> 1.0.0', { versionStartExcluding: '1.0.0' }],
    ['= 0.3.1', { version: '0.3.1' }],
    [
      '>= 4.0.0-beta.1, < 4.0.2',
      { versionStartIncluding: '4.0.0-beta.1', versionEndExcluding: '4.0.2' },
    ],
    ['> 1.0,<=2.0', { versionStartExcluding: '1.0', versionEndIncluding: '2.0' }],
    ['', {}],
    [null, {}],
    ['1.2.3', {}],
  ])('%s', (range, bounds) => {
    expect(versionBounds(range)).toEqual(bounds)
  })
})
