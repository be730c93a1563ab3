import { Form, Link, useLocation, useNavigation } from '@remix-run/react'
import { RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { useChartFormats } from '~/components/charts/use-chart-formats.ts'
import { DASHBOARD_RANGES, DEFAULT_RANGE } from '~/components/dashboard/model.ts'
import { Button } from '~/components/ui/button.tsx'
import { cn } from '~/utils/misc.ts'

/** The intent a metrics page's action answers with a recomputation request. */
export const REFRESH_INTENT = 'refreshMetrics'

/** "Last measurement: …", or that nothing was measured yet. */
export function LastMeasurement({ at }: { at: number | undefined }) {
  const { t } = useTranslation()
  const { formatTime } = useChartFormats()
  return (
    <span data-testid="last-measurement">
      {at === undefined
        ? t('dashboard.notMeasured')
        : t('dashboard.lastMeasurement', { date: formatTime(at, 'full') })}
    </span>
  )
}

/** Asks for new numbers (PORTFOLIO_MANAGEMENT); the page's action answers the intent. */
export function RefreshButton() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy =
    navigation.state === 'submitting' && navigation.formData?.get('intent') === REFRESH_INTENT
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={REFRESH_INTENT} />
      <Button type="submit" variant="outline" size="sm" disabled={busy}>
        <RefreshCw aria-hidden className={busy ? 'animate-spin' : undefined} />
        {t('dashboard.refresh')}
      </Button>
    </Form>
  )
}

/** The chart period as links (`?days=`), so it works without JavaScript and can be shared. */
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
    <nav aria-label={t('dashboard.range.label')}>
      <ul className="flex w-fit flex-wrap gap-0.5 rounded-md border p-0.5 text-sm">
        {DASHBOARD_RANGES.map((value) => (
          <li key={value}>
            <Link
              to={to(value)}
              preventScrollReset
              aria-current={value === days ? 'true' : undefined}
              className={cn(
                'block rounded px-3 py-1 hover:bg-accent',
                value === days && 'bg-primary text-primary-foreground hover:bg-primary',
              )}
            >
              {t(`dashboard.range.days${value}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
