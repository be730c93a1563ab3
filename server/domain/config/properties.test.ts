import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import type { ConfigPropertyRow } from '../../data/config-properties.ts'
import { HttpError } from '../../lib/errors.ts'
import { decryptValue } from './crypto.ts'
import { configPropertyJson, HIDDEN_PLACEHOLDER, normaliseValue } from './properties.ts'

const key = randomBytes(32)
const row = (type: string, group = 'g', name = 'p'): ConfigPropertyRow => ({
  group_name: group,
  property_name: name,
  property_type: type,
  property_value: null,
  description: null,
})
const rejection = (fn: () => unknown) => {
  try {
    fn()
  } catch (error) {
    return error instanceof HttpError ? `${error.status} ${error.body}` : String(error)
  }
  return 'accepted'
}

describe('config property values', () => {
  it('stores booleans as "true" only for true or 1', () => {
    expect(normaliseValue(row('BOOLEAN'), ' TRUE ', key)).toBe('true')
    expect(normaliseValue(row('BOOLEAN'), '1', key)).toBe('true')
    expect(normaliseValue(row('BOOLEAN'), 'yes', key)).toBe('false')
    expect(normaliseValue(row('BOOLEAN'), null, key)).toBe('false')
  })

  it('checks integers and the scheduler and index limits', () => {
    expect(normaliseValue(row('INTEGER'), '+042', key)).toBe('42')
    expect(rejection(() => normaliseValue(row('INTEGER'), '4.2', key))).toBe(
      '400 The property expected an integer and an integer was not sent.',
    )
    expect(
      rejection(() => normaliseValue(row('INTEGER', 'task-scheduler', 'x.cadence'), '0', key)),
    ).toBe(
      '400 A Task scheduler cadence (x.cadence) cannot be inferior to one hour.A value of 0 was provided.',
    )
    expect(
      rejection(() =>
        normaliseValue(row('INTEGER', 's', 'consistency.check.delta.threshold'), '101', key),
      ),
    ).toContain('cannot be inferior to 1 or superior to 100')
  })

  it('normalises URLs and rejects relative ones', () => {
    expect(normaliseValue(row('URL'), 'https://EXAMPLE.org', key)).toBe('https://example.org/')
    expect(normaliseValue(row('URL'), null, key)).toBeNull()
    expect(rejection(() => normaliseValue(row('URL'), '/relative', key))).toContain('malformed')
  })

  it('encrypts secrets, never returns them, and keeps them on the placeholder', () => {
    const stored = normaliseValue(row('ENCRYPTEDSTRING'), 's3cret', key) as string
    expect(stored).not.toContain('s3cret')
    expect(decryptValue(key, stored)).toBe('s3cret')
    expect(normaliseValue(row('ENCRYPTEDSTRING'), HIDDEN_PLACEHOLDER, key)).toBe('unchanged')
    expect(
      configPropertyJson({ ...row('ENCRYPTEDSTRING'), property_value: stored }).propertyValue,
    ).toBe(HIDDEN_PLACEHOLDER)
  })

  it('applies the named string rules', () => {
    expect(
      normaliseValue(row('STRING', 'vuln-source', 'google.osv.enabled'), ' npm; Go ;npm', key),
    ).toBe('npm;Go')
    expect(
      normaliseValue(row('STRING', 'artifact', 'bom.validation.tags.inclusive'), '[ "a" ]', key),
    ).toBe('["a"]')
    expect(
      rejection(() => normaliseValue(row('STRING', 'artifact', 'bom.validation.mode'), 'NO', key)),
    ).toBe('400 Value must be any of: ENABLED, DISABLED, ENABLED_FOR_TAGS, DISABLED_FOR_TAGS')
  })

  it('omits null values from the JSON', () => {
    expect(configPropertyJson(row('STRING'))).toEqual({
      groupName: 'g',
      propertyName: 'p',
      propertyType: 'STRING',
    })
  })
})
