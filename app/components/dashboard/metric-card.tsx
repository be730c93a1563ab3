import { type ReactNode, useId } from 'react'
import { Swatch } from '~/components/charts/chart-parts.tsx'
import { percentOf } from '~/components/charts/geometry.ts'
import { useChartFormats } from '~/components/charts/use-chart-formats.ts'
import { cn } from '~/utils/misc.ts'

/** A dashboard card: a heading (with optional actions beside it), a chart and its footer. */
export function MetricCard({
  title,
  subtitle,
  actions,
  footer,
  children,
  className,
}: {
  title: string
  subtitle?: ReactNode
  actions?: ReactNode
  footer?: ReactNode
  children: ReactNode
  className?: string
}) {
  const headingId = useId()
  return (
    <section
      aria-labelledby={headingId}
      className={cn(
        'flex min-w-0 flex-col gap-3 rounded-lg border bg-card p-4 shadow-sm',
        className,
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex flex-col gap-0.5">
          <h2 id={headingId} className="text-base font-semibold">
            {title}
          </h2>
          {subtitle ? <p className="text-xs text-muted-foreground">{subtitle}</p> : null}
        </div>
        {actions}
      </div>
      {children}
      {footer}
    </section>
  )
}

export interface BreakdownItem {
  key: string
  label: string
  value: number
  colour: string
}

/**
 * 4.13's card footers: each part's count and its share of `total` with a thin bar, so the
 * latest figures read at a glance without hovering the chart.
 */
export function Breakdown({ items, total }: { items: readonly BreakdownItem[]; total: number }) {
  const { formatNumber, formatShare } = useChartFormats()
  return (
    <dl className="grid grid-cols-[repeat(auto-fit,minmax(7.5rem,1fr))] gap-3 border-t pt-3">
      {items.map((item) => {
        const share = percentOf(item.value, total)
        return (
          <div key={item.key} className="flex min-w-0 flex-col gap-1">
            <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
              <Swatch colour={item.colour} />
              <span className="truncate">{item.label}</span>
            </dt>
            <dd className="text-sm font-medium tabular-nums">
              {formatNumber(item.value)}{' '}
              <span className="text-xs font-normal text-muted-foreground">
                ({formatShare(share)})
              </span>
            </dd>
            <dd aria-hidden className="h-1 overflow-hidden rounded-full bg-muted">
              <div
                className="h-full rounded-full"
                style={{ width: `${share}%`, backgroundColor: item.colour }}
              />
            </dd>
          </div>
        )
      })}
    </dl>
  )
}
