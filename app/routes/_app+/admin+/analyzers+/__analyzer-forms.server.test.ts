import { parseWithZod } from '@conform-to/zod/v4'
import { describe, expect, it } from 'vitest'
import {
  InternalFormSchema,
  internalFormValues,
  internalSettings,
  ossSettings,
  snykFormSchema,
  trivyFormSchema,
  trivySettings,
  vulnDbFormSchema,
} from './__analyzer-forms.server.ts'

const form = (entries: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(entries)) data.set(name, value)
  return data
}

describe('Internal analyzer form (dt-screens §19.2)', () => {
  it('stores the two "on components that …" switches inverted, off while fuzzy is off', () => {
    const parse = (entries: Record<string, string>) =>
      InternalFormSchema.parse(Object.fromEntries(Object.entries(entries)))
    expect(internalSettings(parse({ enabled: 'on', fuzzy: 'on', fuzzyPurl: 'on' }))).toEqual({
      'internal.enabled': true,
      'internal.fuzzy.enabled': true,
      'internal.fuzzy.exclude.purl': false,
      'internal.fuzzy.exclude.internal': true,
    })
    expect(internalSettings(parse({ fuzzyPurl: 'on', fuzzyInternal: 'on' }))).toMatchObject({
      'internal.fuzzy.exclude.purl': true,
      'internal.fuzzy.exclude.internal': true,
    })
  })

  it('shows the stored values the other way round, and only with fuzzy on', () => {
    expect(
      internalFormValues({
        'internal.fuzzy.enabled': 'true',
        'internal.fuzzy.exclude.purl': 'false',
        'internal.fuzzy.exclude.internal': 'true',
      }),
    ).toEqual({ enabled: 'on', fuzzy: 'on', fuzzyPurl: 'on', fuzzyInternal: undefined })
    expect(
      internalFormValues({
        'internal.fuzzy.enabled': 'false',
        'internal.fuzzy.exclude.purl': 'false',
      }).fuzzyPurl,
    ).toBeUndefined()
  })
})

describe('secrets', () => {
  it('an empty secret field keeps the stored one; a typed one replaces it', () => {
    const base = { enabled: true, aliasSync: true, username: 'a@example.com' }
    expect(ossSettings({ ...base, token: '' }, { token: true })['ossindex.api.token']).toBe(
      'HiddenDecryptedPropertyPlaceholder',
    )
    expect(ossSettings({ ...base, token: 'new' }, { token: true })['ossindex.api.token']).toBe(
      'new',
    )
    expect(ossSettings({ ...base, token: '' }, { token: false })['ossindex.api.token']).toBeNull()
  })

  it('alias sync is kept as stored while OSS Index is off', () => {
    const value = { enabled: false, aliasSync: false, username: '', token: '' }
    expect(ossSettings(value, { token: true })['ossindex.alias.sync.enabled']).toBeUndefined()
  })
})

describe('required fields', () => {
  it('Trivy needs its URL and a token (typed or stored)', () => {
    const submission = parseWithZod(form({ enabled: 'on' }), {
      schema: trivyFormSchema({ token: false }),
    })
    expect(submission.status).toBe('error')
    expect(submission.reply().error).toEqual({
      baseUrl: ['validation.required'],
      token: ['validation.required'],
    })
    const stored = parseWithZod(form({ baseUrl: 'http://trivy:4954' }), {
      schema: trivyFormSchema({ token: true }),
    })
    expect(stored.status).toBe('success')
    if (stored.status === 'success') {
      expect(trivySettings(stored.value, { token: true })).toMatchObject({
        'trivy.enabled': false,
        'trivy.api.token': 'HiddenDecryptedPropertyPlaceholder',
        'trivy.scanner.scanLibrary': false,
      })
    }
  })

  it('Snyk needs base URL, organization, token and API version, and a known CVSS source', () => {
    const submission = parseWithZod(form({ baseUrl: 'nope', cvssSource: 'OTHER' }), {
      schema: snykFormSchema({ token: false }),
    })
    expect(submission.reply().error).toEqual({
      baseUrl: ['vulnSources.validation.url'],
      cvssSource: [expect.any(String)],
    })
    const missing = parseWithZod(form({ baseUrl: 'https://api.snyk.io' }), {
      schema: snykFormSchema({ token: false }),
    })
    expect(Object.keys(missing.reply().error ?? {}).sort()).toEqual([
      'apiVersion',
      'orgId',
      'token',
    ])
  })

  it('VulnDB needs key and secret only to be enabled', () => {
    expect(parseWithZod(form({}), { schema: vulnDbFormSchema({ secret: false }) }).status).toBe(
      'success',
    )
    const enabled = parseWithZod(form({ enabled: 'on', consumerKey: 'k' }), {
      schema: vulnDbFormSchema({ secret: false }),
    })
    expect(enabled.reply().error).toEqual({ consumerSecret: ['validation.required'] })
  })
})
