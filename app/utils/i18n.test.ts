import { describe, expect, it } from 'vitest'
import {
  chooseLanguage,
  decodeServerLocale,
  matchLanguage,
  parseAcceptLanguage,
  SUPPORTED_LANGUAGES,
} from './i18n.ts'

describe('chooseLanguage', () => {
  it('prefers the stored choice over everything else', () => {
    expect(chooseLanguage({ stored: 'fr', serverDefault: 'de', browser: ['ja'] })).toBe('fr')
  })

  it('uses the server default when nothing is stored', () => {
    expect(chooseLanguage({ stored: null, serverDefault: 'de', browser: ['ja'] })).toBe('de')
  })

  it('uses the browser language when neither is set', () => {
    expect(chooseLanguage({ browser: ['ja', 'de'] })).toBe('ja')
  })

  it('matches the browser language exactly before its base language', () => {
    expect(chooseLanguage({ browser: ['pt-BR'] })).toBe('pt-BR')
    expect(chooseLanguage({ browser: ['uk-UA'] })).toBe('uk-UA')
    expect(chooseLanguage({ browser: ['de-AT'] })).toBe('de')
    expect(chooseLanguage({ browser: ['pt-PT'] })).toBe('pt')
  })

  it('skips unsupported browser languages and falls back to English', () => {
    expect(chooseLanguage({ browser: ['sv', 'nl-BE', 'it'] })).toBe('it')
    expect(chooseLanguage({ browser: ['sv'] })).toBe('en')
    expect(chooseLanguage({})).toBe('en')
  })

  it('ignores a stored or server value that is not a supported language', () => {
    expect(chooseLanguage({ stored: 'klingon', serverDefault: 'undefined', browser: ['es'] })).toBe(
      'es',
    )
  })
})

describe('matchLanguage', () => {
  it('knows all 13 languages, case-insensitively', () => {
    expect(SUPPORTED_LANGUAGES).toHaveLength(13)
    for (const language of SUPPORTED_LANGUAGES) {
      expect(matchLanguage(language.toUpperCase())).toBe(language)
    }
    expect(matchLanguage('zh_CN')).toBe('zh')
  })
})

describe('decodeServerLocale', () => {
  it('URL-decodes the stored default locale and treats a bad encoding as unset', () => {
    expect(decodeServerLocale('pt-BR')).toBe('pt-BR')
    expect(decodeServerLocale('uk%2DUA')).toBe('uk-UA')
    expect(decodeServerLocale('%E0%A4%A')).toBeUndefined()
    expect(decodeServerLocale(undefined)).toBeUndefined()
  })
})

describe('parseAcceptLanguage', () => {
  it('orders by quality and drops q=0 and wildcards', () => {
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ])
    expect(parseAcceptLanguage('de;q=0.5, ja')).toEqual(['ja', 'de'])
    expect(parseAcceptLanguage('es;q=0')).toEqual([])
    expect(parseAcceptLanguage(null)).toEqual([])
  })
})
