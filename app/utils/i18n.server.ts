import { createCookie, type AppLoadContext } from '@remix-run/node'
import { RemixI18Next } from 'remix-i18next/server'
import { getPublicProperty } from '~/api/public.server.ts'
import { resources } from '~/locales/resources.server.ts'
import {
  FALLBACK_LANGUAGE,
  I18N_NAMESPACE,
  SUPPORTED_LANGUAGES,
  chooseLanguage,
  decodeServerLocale,
  parseAcceptLanguage,
  type Language,
} from './i18n.ts'

/** The reader's stored choice; one year, readable by the server only. */
export const languageCookie = createCookie('lookout_language', {
  path: '/',
  sameSite: 'lax',
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
})

export const remixI18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...SUPPORTED_LANGUAGES],
    fallbackLanguage: FALLBACK_LANGUAGE,
  },
  i18next: {
    resources,
    defaultNS: I18N_NAMESPACE,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    interpolation: { escapeValue: false },
  },
})

const chosen = new WeakMap<Request, Promise<Language>>()

export function getLanguage(request: Request, context: AppLoadContext): Promise<Language> {
  let language = chosen.get(request)
  if (!language) {
    language = detectLanguage(request, context)
    chosen.set(request, language)
  }
  return language
}

async function detectLanguage(request: Request, context: AppLoadContext): Promise<Language> {
  const stored = await languageCookie.parse(request.headers.get('Cookie'))
  let serverDefault: string | undefined
  if (!stored) {
    try {
      serverDefault = decodeServerLocale(
        await getPublicProperty(context, 'general', 'default.locale'),
      )
    } catch (error) {
      console.warn('Could not read general/default.locale; using the browser language', error)
    }
  }
  return chooseLanguage({
    stored: typeof stored === 'string' ? stored : undefined,
    serverDefault,
    browser: parseAcceptLanguage(request.headers.get('Accept-Language')),
  })
}

export async function getFixedT(request: Request, context: AppLoadContext) {
  return remixI18next.getFixedT(await getLanguage(request, context), I18N_NAMESPACE)
}
