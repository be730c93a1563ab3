import { describe, expect, it } from 'vitest'
import { conditionText, hashField, identityFacts, namedValueKind } from './condition.ts'

const component = {
  group: 'org.apache.logging.log4j',
  name: 'log4j-core',
  version: '2.14.1',
  purl: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
  cpe: 'cpe:2.3:a:apache:log4j:2.14.1:*:*:*:*:*:*:*',
  swidTagId: 'swid-1',
  license: 'Apache License 2.0',
  resolvedLicense: { licenseId: 'Apache-2.0', name: 'Apache License 2.0' },
  sha256: 'ab'.repeat(32),
  sha3_256: 'cd'.repeat(32),
}

describe('conditionText', () => {
  it('writes the condition as 4.13 does', () => {
    expect(
      conditionText({ subject: 'PACKAGE_URL', operator: 'MATCHES', value: 'pkg:npm/.*' }),
    ).toBe('subject == PACKAGE_URL && value MATCHES pkg:npm/.*')
  })

  it('names the license or group a uuid value stands for', () => {
    const condition = { subject: 'LICENSE' as const, operator: 'IS', value: 'a-uuid' }
    expect(conditionText(condition, 'GPL-3.0-only (GNU General Public License v3.0 only)')).toBe(
      'subject == LICENSE && value IS GPL-3.0-only (GNU General Public License v3.0 only)',
    )
    expect(namedValueKind('LICENSE')).toBe('license')
    expect(namedValueKind('LICENSE_GROUP')).toBe('licenseGroup')
    expect(namedValueKind('SEVERITY')).toBeUndefined()
  })
})

describe('identityFacts', () => {
  const facts = (subject: Parameters<typeof identityFacts>[0]['subject'], value = '') =>
    identityFacts({ subject, operator: 'IS', value }, component)

  it('shows the coordinates, CPE, purl and SWID tag id the condition matched', () => {
    expect(facts('COORDINATES').map((fact) => fact.value)).toEqual([
      'org.apache.logging.log4j',
      'log4j-core',
      '2.14.1',
    ])
    expect(facts('CPE')).toEqual([
      { labelKey: 'componentDetails.fields.cpe', value: component.cpe },
    ])
    expect(facts('PACKAGE_URL')[0]?.value).toBe(component.purl)
    expect(facts('SWID_TAGID')[0]?.value).toBe('swid-1')
    expect(facts('VERSION')[0]?.value).toBe('2.14.1')
  })

  it('shows the resolved license, else the license as the BOM named it', () => {
    expect(facts('LICENSE')[0]?.value).toBe('Apache-2.0')
    expect(
      identityFacts(
        { subject: 'LICENSE_GROUP', operator: 'IS', value: 'g' },
        { name: 'x', license: 'Custom terms' },
      ),
    ).toEqual([{ labelKey: 'componentDetails.fields.license', value: 'Custom terms' }])
  })

  it("shows the component's hash of the condition's algorithm", () => {
    expect(facts('COMPONENT_HASH', '{"algorithm":"SHA3-256","value":"cd"}')).toEqual([
      { label: 'SHA3-256', value: component.sha3_256 },
    ])
    expect(facts('COMPONENT_HASH', '{"algorithm":"MD5","value":"00"}')).toEqual([])
    expect(facts('COMPONENT_HASH', 'not json')).toEqual([])
  })

  it('has no identity facts for conditions about vulnerabilities or age', () => {
    for (const subject of ['SEVERITY', 'CWE', 'VULNERABILITY_ID', 'EPSS', 'AGE'] as const) {
      expect(facts(subject)).toEqual([])
    }
  })

  it('maps hash algorithm names to component fields', () => {
    expect(['MD5', 'SHA-1', 'SHA-512', 'SHA3-384', 'BLAKE2b-256', 'BLAKE3'].map(hashField)).toEqual(
      ['md5', 'sha1', 'sha512', 'sha3_384', 'blake2b_256', 'blake3'],
    )
  })
})
