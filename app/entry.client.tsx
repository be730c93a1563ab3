import { RemixBrowser } from '@remix-run/react'
import i18next from 'i18next'
import { startTransition, StrictMode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { FALLBACK_LANGUAGE, I18N_NAMESPACE, matchLanguage } from './utils/i18n.ts'

async function hydrate() {
  const language = matchLanguage(document.documentElement.lang) ?? FALLBACK_LANGUAGE
  const response = await fetch(`/resources/locales/${language}`)
  const translations: unknown = await response.json()
  await i18next.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [I18N_NAMESPACE],
    defaultNS: I18N_NAMESPACE,
    resources: { [language]: { [I18N_NAMESPACE]: translations as Record<string, unknown> } },
    interpolation: { escapeValue: false },
  })
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    )
  })
}

void hydrate()
