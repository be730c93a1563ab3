import { describe, expect, it } from 'vitest'
import { decodeApiKey, generateApiKey, hashSecret, maskApiKey, secretMatches } from './api-keys.ts'

describe('API keys', () => {
  it('generates odt_<8>_<32> keys whose secret is stored only as a SHA3-256 hash', () => {
    const key = generateApiKey('odt_')
    expect(key.key).toMatch(/^odt_[A-Za-z0-9]{8}_[A-Za-z0-9]{32}$/)
    expect(key.key).toBe(`odt_${key.publicId}_${key.secret}`)
    expect(key.secretHash).toBe(hashSecret(key.secret))
    expect(key.secretHash).toMatch(/^[0-9a-f]{64}$/)
    expect(key.secretHash).not.toContain(key.secret)
  })

  it('masks a key as prefix, public id and 32 asterisks', () => {
    expect(maskApiKey('odt_', 'AbCdEfGh')).toBe(`odt_AbCdEfGh${'*'.repeat(32)}`)
  })

  it('decodes the current format and both legacy forms', () => {
    const key = generateApiKey('odt_')
    expect(decodeApiKey('odt_', key.key)).toEqual({ publicId: key.publicId, secret: key.secret })
    const legacy = 'ABCDE' + 'x'.repeat(27)
    expect(decodeApiKey('odt_', legacy)).toEqual({ publicId: 'ABCDE', secret: 'x'.repeat(27) })
    expect(decodeApiKey('odt_', `odt_${legacy}`)).toEqual({
      publicId: 'ABCDE',
      secret: 'x'.repeat(27),
    })
    expect(decodeApiKey('odt_', `odt_ABCDE_${'y'.repeat(27)}`)).toEqual({
      publicId: 'ABCDE',
      secret: 'y'.repeat(27),
    })
  })

  it('rejects anything else', () => {
    for (const bad of [
      '',
      'odt_',
      'odt_short_secret',
      `alpine_ABCDEFGH_${'z'.repeat(32)}`,
      'x'.repeat(33),
      `odt_ABCDEFGH_${'!'.repeat(32)}`,
    ]) {
      expect(decodeApiKey('odt_', bad)).toBeUndefined()
    }
  })

  it('compares secrets against the stored hash', () => {
    const key = generateApiKey('odt_')
    expect(secretMatches(key.secret, key.secretHash)).toBe(true)
    expect(secretMatches(`${key.secret.slice(0, -1)}A`, key.secretHash)).toBe(false)
  })
})
