import { describe, expect, it } from 'vitest'
import { purlParts } from '../components/purl.ts'
import {
  analysisTarget,
  canonicalPurlParts,
  rangeAffects,
  versionMatches,
  type SoftwareRange,
} from './matching.ts'

const range = (values: Partial<SoftwareRange>): SoftwareRange => ({
  id: 1,
  purlType: null,
  purlNamespace: null,
  purlName: null,
  cpe23: null,
  part: null,
  vendor: null,
  product: null,
  version: null,
  update: null,
  edition: null,
  language: null,
  swEdition: null,
  targetSw: null,
  targetHw: null,
  other: null,
  versionEndExcluding: null,
  versionEndIncluding: null,
  versionStartExcluding: null,
  versionStartIncluding: null,
  ...values,
})

describe('analysisTarget (4.13 §2.2 target version)', () => {
  it('takes the CPE version even when a purl exists', () => {
    const target = analysisTarget({
      cpe: 'cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*',
      purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.99.0',
    })
    expect(target.cpeVersion).toBe('2.14.1')
    expect(target.purlVersion).toBe('2.14.1')
    expect(target.scheme).toBe('maven')
  })

  it('falls back to the purl version, without its leading v', () => {
    expect(analysisTarget({ cpe: null, purl: 'pkg:golang/github.com/a/b@v1.6.0' })).toMatchObject({
      cpeVersion: '1.6.0',
      purlVersion: '1.6.0',
      scheme: 'golang',
    })
    expect(analysisTarget({ cpe: null, purl: 'pkg:npm/a@v' }).purlVersion).toBe('v')
  })

  it('turns a Go pseudo-version into its date for CPE ranges only', () => {
    const target = analysisTarget({
      cpe: null,
      purl: 'pkg:golang/golang.org/x/crypto@v0.0.0-20200622213623-75b288015ac9',
    })
    expect(target.cpeVersion).toBe('2020-06-22')
    expect(target.purlVersion).toBe('0.0.0-20200622213623-75b288015ac9')
  })

  it('has no version without one (no analysis)', () => {
    expect(analysisTarget({ cpe: null, purl: 'pkg:npm/left-pad' }).cpeVersion).toBeNull()
    expect(analysisTarget({ cpe: 'not a cpe', purl: null }).cpeVersion).toBeNull()
  })
})

describe('canonicalPurlParts', () => {
  it.each([
    'pkg:npm/%40angular/core@16.0.0',
    'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1?type=jar',
    'pkg:golang/github.com/gin-gonic/gin@v1.6.0#sub/path',
    'pkg:deb/debian/openssl@1.1.1n-0%2Bdeb11u3?arch=amd64&distro=debian-11',
    'pkg:pypi/django@3.2.0',
    'pkg:npm/left-pad',
  ])('reads %s as packageurl-js does', (purl) => {
    const { type, namespace, name, version } = purlParts(purl)!
    expect(canonicalPurlParts(purl)).toMatchObject({ type, namespace, name, version })
  })
})

describe('versionMatches (4.13 §2.2 version check)', () => {
  const bounded = range({ versionStartIncluding: '2.0', versionEndExcluding: '2.15.0' })

  it('checks every bound that is set', () => {
    expect(versionMatches(bounded, '2.14.1', 'generic')).toBe(true)
    expect(versionMatches(bounded, '2.0', 'generic')).toBe(true)
    expect(versionMatches(bounded, '2.15.0', 'generic')).toBe(false)
    expect(versionMatches(bounded, '1.9', 'generic')).toBe(false)
    const exclusive = range({ versionStartExcluding: '1.0', versionEndIncluding: '1.5' })
    expect(versionMatches(exclusive, '1.0', 'generic')).toBe(false)
    expect(versionMatches(exclusive, '1.5', 'generic')).toBe(true)
    expect(versionMatches(exclusive, '1.5.1', 'generic')).toBe(false)
  })

  it('treats * and - targets as 4.13 does', () => {
    expect(versionMatches(bounded, '*', 'generic')).toBe(true)
    expect(versionMatches(range({ version: '*' }), '-', 'generic')).toBe(true)
    expect(versionMatches(range({ version: '-' }), '-', 'generic')).toBe(true)
    expect(versionMatches(range({ version: '1.0' }), '-', 'generic')).toBe(false)
  })

  it('compares an exact version without range by CPE relation', () => {
    expect(versionMatches(range({ version: '1.0' }), '1.0', 'generic')).toBe(true)
    expect(versionMatches(range({ version: '1.0' }), '1.1', 'generic')).toBe(false)
    expect(versionMatches(range({ version: '*' }), '1.1', 'generic')).toBe(true)
    expect(versionMatches(range({ version: '1.*' }), '1.1', 'generic')).toBe(true)
  })

  it('matches nothing without a range or a version, or with an empty target', () => {
    expect(versionMatches(range({}), '1.0', 'generic')).toBe(false)
    expect(versionMatches(bounded, '', 'generic')).toBe(false)
  })

  it('uses generic ordering where a scheme cannot read a version', () => {
    expect(versionMatches(bounded, '2.3-custom', 'npm')).toBe(true)
  })
})

describe('rangeAffects', () => {
  const target = analysisTarget({ cpe: 'cpe:2.3:a:apache:tomcat:9.0.30:*:*:*:*:*:*:*', purl: null })

  it('runs the CPE attribute check before the version check', () => {
    const tomcat = range({
      cpe23: 'cpe:2.3:a:apache:tomcat:*:*:*:*:*:*:*:*',
      part: 'a',
      vendor: 'apache',
      product: 'tomcat',
      version: '*',
      versionEndExcluding: '9.0.31',
    })
    expect(rangeAffects(tomcat, target)).toBe(true)
    // A more specific range attribute is a SUBSET of the component's ANY; a different one is DISJOINT.
    expect(rangeAffects({ ...tomcat, targetSw: 'android' }, target)).toBe(true)
    const onWindows = analysisTarget({
      cpe: 'cpe:2.3:a:apache:tomcat:9.0.30:*:*:*:*:windows:*:*',
      purl: null,
    })
    expect(rangeAffects({ ...tomcat, targetSw: 'android' }, onWindows)).toBe(false)
    expect(rangeAffects({ ...tomcat, versionEndExcluding: '9.0.30' }, target)).toBe(false)
  })

  it('compares purl ranges with the purl version', () => {
    const go = analysisTarget({
      cpe: null,
      purl: 'pkg:golang/golang.org/x/crypto@v0.0.0-20200622213623-75b288015ac9',
    })
    const crypto = range({
      purlType: 'golang',
      purlNamespace: 'golang.org/x',
      purlName: 'crypto',
      versionEndExcluding: '0.0.0-20201216223049-8b5274cf687f',
    })
    expect(rangeAffects(crypto, go)).toBe(true)
    expect(
      rangeAffects({ ...crypto, versionEndExcluding: '0.0.0-20200101000000-000000000000' }, go),
    ).toBe(false)
  })
})
