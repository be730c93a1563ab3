import { describe, expect, it } from 'vitest'
import { affectedFromInput, affectedKey, affectedLabel, inputFromAffected } from './affected.ts'

describe('affectedFromInput', () => {
  it('takes an exact identity as it is (the version is inside it)', () => {
    expect(affectedFromInput({ identity: ' pkg:npm/a@1.0.0 ', versionType: 'EXACT' })).toEqual({
      entry: { identityType: 'PURL', identity: 'pkg:npm/a@1.0.0', versionType: 'EXACT' },
    })
  })

  it('turns the range operators into the bounds the API names', () => {
    expect(
      affectedFromInput({
        identityType: 'CPE',
        identity: 'cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*',
        versionType: 'RANGE',
        startOperator: '>',
        start: '1.0',
        endOperator: '<=',
        end: '2.0',
      }),
    ).toEqual({
      entry: {
        identityType: 'CPE',
        identity: 'cpe:2.3:a:acme:widget:*:*:*:*:*:*:*:*',
        versionType: 'RANGE',
        versionStartExcluding: '1.0',
        versionEndIncluding: '2.0',
      },
    })
  })

  it('asks for an identity, and for a bound when it is a range', () => {
    expect(affectedFromInput({ identity: ' ' })).toEqual({ problem: 'identityRequired' })
    expect(affectedFromInput({ identity: 'pkg:npm/a', versionType: 'RANGE' })).toEqual({
      problem: 'boundRequired',
    })
  })

  it('fills the form back from an entry', () => {
    const input = {
      identityType: 'PURL',
      identity: 'pkg:npm/a',
      versionType: 'RANGE',
      startOperator: '>=',
      start: '1.0.0',
      endOperator: '<',
      end: '1.4.2',
    }
    const added = affectedFromInput(input)
    expect('entry' in added && inputFromAffected(added.entry)).toEqual(input)
  })
})

describe('affectedLabel', () => {
  it('shows the range after the identity, bounds joined by a pipe', () => {
    expect(
      affectedLabel({
        identityType: 'PURL',
        identity: 'pkg:maven/a/b',
        versionType: 'RANGE',
        versionStartExcluding: '1.0',
        versionEndIncluding: '2.0',
      }),
    ).toBe('pkg:maven/a/b (>1.0|<=2.0)')
  })

  it('appends the version to an exact package URL that lacks it', () => {
    expect(
      affectedLabel({
        identityType: 'PURL',
        identity: 'pkg:npm/a',
        versionType: 'EXACT',
        version: '1.2.3',
      }),
    ).toBe('pkg:npm/a@1.2.3')
    expect(
      affectedLabel({
        identityType: 'PURL',
        identity: 'pkg:npm/a@1.2.3',
        versionType: 'EXACT',
        version: '1.2.3',
      }),
    ).toBe('pkg:npm/a@1.2.3')
  })

  it('keys entries by content', () => {
    const entry = {
      identityType: 'PURL' as const,
      identity: 'pkg:npm/a',
      versionType: 'RANGE' as const,
    }
    expect(affectedKey({ ...entry, versionEndExcluding: '2' })).not.toBe(
      affectedKey({ ...entry, versionEndIncluding: '2' }),
    )
  })
})
