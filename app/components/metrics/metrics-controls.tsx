import { Form, Link, useLocation } from '@remix-run/react'
import { RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button.tsx'
import { formatDate } from '~/utils/date.ts'
import { cn } from '~/utils/misc.ts'
import { DEFAULT_RANGE, METRIC_RANGES } from './history.ts'

/** The intent a metrics page's action answers with a recomputation request. */
export const REFRESH_INTENT = 'refreshMetrics'

/** "Last measurement" and, for PORTFOLIO_MANAGEMENT, the form that asks for new numbers. */
export function MeasurementLine({
  lastMeasurement,
  canRefresh,
}: {
  lastMeasurement: number | undefined
  canRefresh: boolean
}) {
  const { t, i18n } = useTranslation()
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <p>
        <span className="text-muted-foreground">{t('projectMetrics.lastMeasurement')}: </span>
        <span data-testid="last-measurement">
          {lastMeasurement
            ? formatDate(lastMeasurement, i18n.language, { withTime: true })
            : t('projectMetrics.noMeasurement')}
        </span>
      </p>
      {canRefresh ? (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value={REFRESH_INTENT} />
          <Button type="submit" variant="outline" size="sm">
            <RefreshCw aria-hidden />
            {t('projectMetrics.refresh')}
          </Button>
        </Form>
      ) : null}
    </div>
  )
}

/** The chart range as links (`?days=`), so it works without JavaScript and can be shared. */
export function RangeLinks({ days }: { days: number }) {
  const { t } = useTranslation()
  const location = useLocation()
  const to = (value: number) => {
    const params = new URLSearchParams(location.search)
    if (value === DEFAULT_RANGE) params.delete('days')
    else params.set('days', String(value))
    const search = params.toString()
    return `${location.pathname}${search ? `?${search}` : ''}`
  }
  return (
    <nav aria-label={t('projectMetrics.range.label')}>
      <ul className="flex flex-wrap gap-1 rounded-md border p-1 text-sm">
        {METRIC_RANGES.map((value) => (
          <li key={value}>
            <Link
              to={to(value)}
              preventScrollReset
              aria-current={value === days ? 'true' : undefined}
              className={cn(
                'block rounded px-2 py-1 hover:bg-accent',
                value === days &&
                  'bg-primary font-semibold text-primary-foreground hover:bg-primary',
              )}
            >
              {t('projectMetrics.range.days', { days: value })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
