import type { Resource } from 'i18next'
import type { Language } from '~/utils/i18n.ts'
import de from './de.json'
import en from './en.json'
import es from './es.json'
import fr from './fr.json'
import hi from './hi.json'
import it from './it.json'
import ja from './ja.json'
import pl from './pl.json'
import ptBR from './pt-BR.json'
import pt from './pt.json'
import ru from './ru.json'
import ukUA from './uk-UA.json'
import zh from './zh.json'

export const translations: Record<Language, unknown> = {
  de,
  en,
  es,
  fr,
  hi,
  it,
  ja,
  pl,
  pt,
  'pt-BR': ptBR,
  ru,
  'uk-UA': ukUA,
  zh,
}

export const resources: Resource = Object.fromEntries(
  Object.entries(translations).map(([language, common]) => [language, { common }]),
) as Resource
