import { describe, expect, it } from 'vitest'
import { SUPPORTED_LANGUAGES } from '~/utils/i18n.ts'
import { translations } from './resources.server.ts'

/** Values that are the same in every language: a pattern and a number. */
const SAME_EVERYWHERE = new Set(['meta.title', 'notFound.code'])

function flatten(value: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>()
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) {
      for (const [path, leaf] of flatten(child, prefix ? `${prefix}.${key}` : key)) {
        entries.set(path, leaf)
      }
    }
  } else {
    entries.set(prefix, value)
  }
  return entries
}

const english = flatten(translations.en)
const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort()

describe.each(SUPPORTED_LANGUAGES.filter((language) => language !== 'en'))('%s', (language) => {
  const strings = flatten(translations[language])

  it('has every English key, none empty, and no stray keys', () => {
    const missing = [...english.keys()].filter(
      (key) => typeof strings.get(key) !== 'string' || (strings.get(key) as string).trim() === '',
    )
    expect(missing).toEqual([])
    expect([...strings.keys()].filter((key) => !english.has(key))).toEqual([])
  })

  it('is translated, not copied from English', () => {
    const copied = [...english.entries()]
      .filter(([key, text]) => strings.get(key) === text && !SAME_EVERYWHERE.has(key))
      .map(([key]) => key)
    expect(copied).toEqual([])
  })

  it('keeps every interpolation placeholder', () => {
    const broken = [...english.entries()]
      .filter(([key, text]) => {
        const translated = strings.get(key)
        return typeof translated === 'string' && placeholders(String(text)).join() !== placeholders(translated).join()
      })
      .map(([key]) => key)
    expect(broken).toEqual([])
  })
})
