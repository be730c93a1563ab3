import { describe, expect, it } from 'vitest'
import { meetsRequirement, readTokenHints } from './permissions.ts'

describe('meetsRequirement', () => {
  const granted = ['VIEW_PORTFOLIO', 'BOM_UPLOAD']

  it('passes when nothing is required', () => {
    expect(meetsRequirement([], undefined)).toBe(true)
  })

  it('checks a single permission', () => {
    expect(meetsRequirement(granted, 'VIEW_PORTFOLIO')).toBe(true)
    expect(meetsRequirement(granted, 'ACCESS_MANAGEMENT')).toBe(false)
  })

  it('needs every permission of an "and" requirement', () => {
    expect(meetsRequirement(granted, { allOf: ['VIEW_PORTFOLIO', 'BOM_UPLOAD'] })).toBe(true)
    expect(meetsRequirement(granted, { allOf: ['VIEW_PORTFOLIO', 'PORTFOLIO_MANAGEMENT'] })).toBe(
      false,
    )
  })

  it('needs one permission of an "or" requirement', () => {
    expect(meetsRequirement(granted, { anyOf: ['PORTFOLIO_MANAGEMENT', 'BOM_UPLOAD'] })).toBe(true)
    expect(
      meetsRequirement(granted, { anyOf: ['PORTFOLIO_MANAGEMENT', 'ACCESS_MANAGEMENT'] }),
    ).toBe(false)
    expect(meetsRequirement(granted, { anyOf: [] })).toBe(false)
  })

  it('accepts a set as well as a list', () => {
    expect(meetsRequirement(new Set(granted), 'BOM_UPLOAD')).toBe(true)
  })
})

describe('readTokenHints', () => {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

  it('reads the comma-separated permissions claim and idp of a JWT', () => {
    const token = `${encode({ alg: 'HS256' })}.${encode({
      sub: 'jürgen',
      idp: 'LDAP',
      permissions: 'VIEW_PORTFOLIO,BOM_UPLOAD',
      exp: 10,
    })}.sig`
    expect(readTokenHints(token)).toEqual({
      username: 'jürgen',
      idp: 'LDAP',
      permissions: ['VIEW_PORTFOLIO', 'BOM_UPLOAD'],
      expiresAt: 10_000,
    })
  })

  it('decodes payloads with many URL-safe characters (the 4.13 console could not)', () => {
    const payload = { sub: '??>>??>>~~~', permissions: '' }
    const token = `${encode({})}.${encode(payload)}.sig`
    expect(token).toMatch(/[-_].*[-_]/)
    expect(readTokenHints(token)?.username).toBe('??>>??>>~~~')
    expect(readTokenHints(token)?.permissions).toEqual([])
    expect(readTokenHints(token)?.idp).toBe('LOCAL')
  })

  it('returns nothing for garbage', () => {
    expect(readTokenHints('not-a-token')).toBeUndefined()
    expect(readTokenHints('a.%%%.c')).toBeUndefined()
  })
})
