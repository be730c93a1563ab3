import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildPurl, parsePurl, purlParts, type PurlParts } from './purl.ts'

// The purl specification's own test suites (tests/fixtures/purl-spec/README.md): every case runs.
const FIXTURES = path.resolve(import.meta.dirname, '../../../tests/fixtures/purl-spec')
const load = (file: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES, file), 'utf8'))

interface LegacyCase {
  description: string
  purl: string
  canonical_purl: string | null
  is_invalid: boolean
}

interface SpecCase {
  description: string
  test_type: 'parse' | 'build' | 'roundtrip'
  input: string | PurlParts
  expected_output: string | PurlParts | null
  expected_failure: boolean
}

/**
 * Cases where the specification's suites contradict each other or the specification's own parsing
 * rules; each answer below is what Lookout does instead, and why.
 */
const CONFLICTS: Record<string, string> = {
  // The legacy suite keeps `/` in a qualifier value; the current suites encode it (brew-test.json:
  // repository_url=https:%2F%2Fgithub.com…), which Lookout follows.
  'pkg:Maven/org.apache.xmlgraphics/batik-anim@1.9.1?classifier=sources&repositorY_url=repo.spring.io/release':
    'pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?classifier=sources&repository_url=repo.spring.io%2Frelease',
  'pkg:Maven/org.apache.xmlgraphics/batik-anim@1.9.1?extension=pom&repositorY_url=repo.spring.io/release':
    'pkg:maven/org.apache.xmlgraphics/batik-anim@1.9.1?extension=pom&repository_url=repo.spring.io%2Frelease',
  // The legacy suite encodes `:` in qualifier values; the current suites never encode it
  // (specification-test.json: checksum=sha1:…), which Lookout follows.
  'pkg:npm/packageurl-js@0.0.7?vcs_url=git%2Bhttps%3A%2F%2Fgithub.com%2Fpackage-url%2Fpackageurl-js.git':
    'pkg:npm/packageurl-js@0.0.7?vcs_url=git%2Bhttps:%2F%2Fgithub.com%2Fpackage-url%2Fpackageurl-js.git',
  'pkg:npm/packageurl-js@0.0.7?download_url=https%3A%2F%2Fregistry.npmjs.org%2Fpackageurl-js%2F-%2Fpackageurl-js-0.0.7.tgz':
    'pkg:npm/packageurl-js@0.0.7?download_url=https:%2F%2Fregistry.npmjs.org%2Fpackageurl-js%2F-%2Fpackageurl-js-0.0.7.tgz',
}

/**
 * git-test.json expects `pkg:git/codeberg.org/forgejo/forgejo/@<sha>` to have the name
 * "forgejo/forgejo" and the version <sha>. The legacy suite relies on the opposite reading of a
 * slash right before `@` ("invalid swift purl without name": `pkg:swift/github.com/Alamofire/@5.4.3`
 * must be refused), which packageurl-js and Lookout follow: the last segment `@<sha>` is the name,
 * and there is no version. Those cases check that reading instead.
 */
const FORGEJO = 'pkg:git/codeberg.org/forgejo/forgejo/@a72d2c07cfca03b55371089de6aa230d8c951fa0'
const forgejoCanonical = (input: string) => input.replace('/@', '/%40')

describe('the purl specification legacy suite (test-suite-data.json)', () => {
  const cases: LegacyCase[] = load('test-suite-data.json')

  it.each(cases.filter((c) => !c.is_invalid).map((c) => [c.description, c] as const))(
    'valid: %s',
    (_description, c) => {
      expect(parsePurl(c.purl)?.purl).toBe(CONFLICTS[c.purl] ?? c.canonical_purl)
    },
  )

  it.each(cases.filter((c) => c.is_invalid).map((c) => [c.description, c] as const))(
    'refused: %s',
    (_description, c) => {
      expect(parsePurl(c.purl)).toBeUndefined()
    },
  )
})

describe.each([
  'specification-test.json',
  'conan-test.json',
  'brew-test.json',
  'deb-test.json',
  'git-test.json',
])('the purl specification suite %s', (file) => {
  const cases: SpecCase[] = load(file).tests
  it.each(cases.map((c, index) => [`${index} ${c.test_type}: ${c.description}`, c] as const))(
    '%s',
    (_name, c) => {
      const forgejo = typeof c.input === 'string' ? c.input.startsWith(FORGEJO) : false
      if (c.test_type === 'build') {
        const built = buildPurl(c.input as PurlParts)
        if (c.expected_failure) expect(built).toBeUndefined()
        else if ((c.input as PurlParts).name === 'forgejo/forgejo') {
          // Built from parts, the slash in the name is encoded: the canonical form of that name.
          expect(built?.purl).toBe(
            (c.expected_output as string).replace('forgejo/forgejo/@', 'forgejo%2Fforgejo@'),
          )
        } else expect(built?.purl).toBe(c.expected_output)
      } else if (c.test_type === 'roundtrip') {
        const input = c.input as string
        if (c.expected_failure) expect(parsePurl(input)).toBeUndefined()
        else
          expect(parsePurl(input)?.purl).toBe(forgejo ? forgejoCanonical(input) : c.expected_output)
      } else if (c.expected_failure) {
        expect(purlParts(c.input as string)).toBeUndefined()
      } else if (forgejo) {
        expect(purlParts(c.input as string)).toMatchObject({
          namespace: 'codeberg.org/forgejo/forgejo',
          name: '@a72d2c07cfca03b55371089de6aa230d8c951fa0',
          version: null,
        })
      } else {
        expect(purlParts(c.input as string)).toEqual(c.expected_output)
      }
    },
  )
})

describe('coordinates', () => {
  it('keep a conan namespace although the coordinates alone would not validate', () => {
    expect(parsePurl('pkg:conan/bincrafters/cctz@2.3?channel=stable')).toEqual({
      purl: 'pkg:conan/bincrafters/cctz@2.3?channel=stable',
      coordinates: 'pkg:conan/bincrafters/cctz@2.3',
    })
  })

  it('drop qualifiers and subpath only', () => {
    expect(
      parsePurl('pkg:golang/google.golang.org/genproto@abc?goos=linux#googleapis/api'),
    ).toEqual({
      purl: 'pkg:golang/google.golang.org/genproto@abc?goos=linux#googleapis/api',
      coordinates: 'pkg:golang/google.golang.org/genproto@abc',
    })
  })

  it('refuse a purl longer than the 786 characters Dependency-Track stores', () => {
    expect(parsePurl(`pkg:npm/${'a'.repeat(800)}@1`)).toBeUndefined()
  })
})

describe('percent-encoding', () => {
  const bare: PurlParts = {
    type: 'generic',
    namespace: null,
    name: null,
    version: null,
    qualifiers: null,
    subpath: null,
  }

  it('encodes all but the unreserved characters and the colon, as UTF-8 in capitals', () => {
    expect(buildPurl({ ...bare, name: "a!b'c(d)e*f", version: 'v:1+2 3' })?.purl).toBe(
      'pkg:generic/a%21b%27c%28d%29e%2Af@v:1%2B2%203',
    )
    expect(buildPurl({ ...bare, name: 'naïve€😀' })?.purl).toBe(
      'pkg:generic/na%C3%AFve%E2%82%AC%F0%9F%98%80',
    )
    expect(buildPurl({ ...bare, name: '100%' })?.purl).toBe('pkg:generic/100%25')
  })

  it('encodes a lone surrogate as the replacement character', () => {
    expect(buildPurl({ ...bare, name: 'x\uD800y' })?.purl).toBe('pkg:generic/x%EF%BF%BDy')
  })
})
