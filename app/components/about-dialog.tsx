import { useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { About } from '~/api/schemas.server.ts'
import { formatDate } from '~/utils/date.ts'
import { UrlDialog } from './dialog.tsx'

export function AboutDialog({
  about,
  consoleVersion,
}: {
  about: About | undefined
  consoleVersion: string
}) {
  const { t, i18n } = useTranslation()
  const location = useLocation()
  const builtOn = (timestamp: string | undefined) => {
    const instant = timestamp ? Date.parse(`${timestamp.replace(' ', 'T')}Z`) : Number.NaN
    return Number.isNaN(instant)
      ? timestamp
      : formatDate(instant, i18n.language, { withTime: true })
  }
  const params = new URLSearchParams(location.search)
  params.delete('about')
  const closeTo = `${location.pathname}${params.size ? `?${params}` : ''}`
  const row = (label: string, value: string | undefined) =>
    value ? (
      <div className="grid grid-cols-[minmax(8rem,12rem)_1fr] gap-2 py-1">
        <dt className="text-muted-foreground">{label}</dt>
        <dd className="break-all">{value}</dd>
      </div>
    ) : null

  return (
    <UrlDialog title={t('about.title')} closeTo={closeTo}>
      <p className="mb-6 text-sm text-muted-foreground">{t('about.blurb')}</p>
      <div className="flex flex-col gap-6">
        <section>
          <h3 className="mb-2 font-semibold">{t('about.apiServer')}</h3>
          {about ? (
            <dl className="text-sm">
              {row(t('about.version'), about.lookoutVersion ?? about.version)}
              {row(t('about.apiLevel'), about.version)}
              {row(t('about.buildId'), about.uuid)}
              {row(t('about.builtOn'), builtOn(about.timestamp))}
              {row(t('about.databaseProduct'), about.database?.productName)}
              {row(t('about.databaseVersion'), about.database?.productVersion)}
            </dl>
          ) : (
            <p className="text-sm text-muted-foreground">{t('about.unavailable')}</p>
          )}
        </section>
        <section>
          <h3 className="mb-2 font-semibold">{t('about.console')}</h3>
          <dl className="text-sm">{row(t('about.version'), consoleVersion)}</dl>
        </section>
      </div>
    </UrlDialog>
  )
}
