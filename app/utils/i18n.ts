export const SUPPORTED_LANGUAGES = [
  'de',
  'en',
  'es',
  'fr',
  'hi',
  'it',
  'ja',
  'pl',
  'pt',
  'pt-BR',
  'ru',
  'uk-UA',
  'zh',
] as const
export type Language = (typeof SUPPORTED_LANGUAGES)[number]
export const FALLBACK_LANGUAGE: Language = 'en'
export const I18N_NAMESPACE = 'common'

/** Each language named in itself, as a language picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  de: 'Deutsch',
  en: 'English',
  es: 'Español',
  fr: 'Français',
  hi: 'हिन्दी',
  it: 'Italiano',
  ja: '日本語',
  pl: 'Polski',
  pt: 'Português',
  'pt-BR': 'Português (Brasil)',
  ru: 'Русский',
  'uk-UA': 'Українська',
  zh: '中文',
}

/** Exact match first (case-insensitive), then the base language of a regional tag. */
export function matchLanguage(candidate: string | null | undefined): Language | undefined {
  if (!candidate) return undefined
  const wanted = candidate.trim().replace('_', '-').toLowerCase()
  if (!wanted) return undefined
  const exact = SUPPORTED_LANGUAGES.find((language) => language.toLowerCase() === wanted)
  if (exact) return exact
  const base = wanted.split('-')[0]
  return SUPPORTED_LANGUAGES.find((language) => language.toLowerCase() === base)
}

/**
 * The 4.13 console's order: stored preference, then the server's default locale,
 * then the browser's languages (each exact, then its base language), then English.
 */
export function chooseLanguage(options: {
  stored?: string | null
  serverDefault?: string | null
  browser?: readonly string[]
}): Language {
  const stored = matchLanguage(options.stored)
  if (stored) return stored
  const serverDefault = matchLanguage(options.serverDefault)
  if (serverDefault) return serverDefault
  for (const language of options.browser ?? []) {
    const match = matchLanguage(language)
    if (match) return match
  }
  return FALLBACK_LANGUAGE
}

/** Dependency-Track stores default.locale URL-encoded; a bad encoding counts as unset. */
export function decodeServerLocale(value: string | undefined | null): string | undefined {
  if (value === undefined || value === null) return undefined
  try {
    return decodeURIComponent(value)
  } catch {
    return undefined
  }
}

/** The browser's languages from Accept-Language, most preferred first (q=0 means "not this"). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag)
}
