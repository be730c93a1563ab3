import { useTranslation } from 'react-i18next'
import type { TextTab } from './text-tabs.ts'

/** One of the license's texts as written (line breaks kept), or a note that it has none. */
export function LicenseTextPanel({ tab, text }: { tab: TextTab; text: string | undefined }) {
  const { t } = useTranslation()
  const titleId = `license-${tab}-title`
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border bg-card p-5"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {t(`licenses.tabs.${tab}`)}
      </h2>
      {text ? (
        <pre className="whitespace-pre-wrap break-words font-mono text-sm leading-relaxed">
          {text}
        </pre>
      ) : (
        <p className="text-sm text-muted-foreground">{t(`licenses.text.empty.${tab}`)}</p>
      )}
    </section>
  )
}
