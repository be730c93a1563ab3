import { type ReactNode, useId } from 'react'
import { cn } from '~/utils/misc.ts'

/**
 * Colours every chart may use: the theme's CSS variables, so light and dark follow the reader's
 * theme without the chart knowing which one is on.
 */
export const CHART_COLOURS = {
  accent: 'hsl(var(--primary))',
  danger: 'hsl(var(--destructive))',
  warning: 'hsl(var(--warning))',
  success: 'hsl(var(--success))',
  neutral: 'hsl(var(--muted-foreground))',
  grid: 'hsl(var(--border))',
  background: 'hsl(var(--background))',
} as const

/** Series picked without a colour of their own take these in turn. */
export const SERIES_PALETTE = [
  CHART_COLOURS.accent,
  CHART_COLOURS.warning,
  CHART_COLOURS.success,
  CHART_COLOURS.danger,
  CHART_COLOURS.neutral,
] as const

export function seriesColour(colour: string | undefined, index: number) {
  return colour ?? SERIES_PALETTE[index % SERIES_PALETTE.length]!
}

/** One named sequence of numbers (a value per x or per category) and how to draw it. */
export interface ChartSeries {
  key: string
  label: string
  values: readonly number[]
  /** Any CSS colour; a theme colour from SERIES_PALETTE otherwise. */
  colour?: string
}

export type ValueFormat = (value: number) => string

/** Precise-to-the-second dates for tables and tooltips, round ones for axis ticks. */
export type TimeFormat = (value: number, unit: 'hour' | 'day' | 'month' | 'year' | 'full') => string

/** Dates in the reader's language for the time axis (UTC: the server cannot know their zone). */
export function timeFormatter(locale: string): TimeFormat {
  const tag = locale === 'en' ? 'en-GB' : locale
  const formats = {
    hour: new Intl.DateTimeFormat(tag, { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' }),
    day: new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', timeZone: 'UTC' }),
    month: new Intl.DateTimeFormat(tag, { month: 'short', year: 'numeric', timeZone: 'UTC' }),
    year: new Intl.DateTimeFormat(tag, { year: 'numeric', timeZone: 'UTC' }),
    full: new Intl.DateTimeFormat(tag, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'UTC',
    }),
  }
  return (value, unit) => formats[unit].format(value)
}

/** Short numbers for axes (1.2K) in the reader's language. */
export function compactFormatter(locale: string): ValueFormat {
  const format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })
  return (value) => format.format(value)
}

/**
 * The frame every chart shares: the SVG (named by its `<title>`, scrolling sideways on a narrow
 * screen rather than shrinking its text away), an HTML legend that wraps, and the numbers as a
 * table behind a disclosure for screen readers and for reading exact values.
 */
export function ChartFigure({
  title,
  width,
  height,
  minWidth = '20rem',
  svgClassName = 'w-full',
  legend,
  table,
  children,
  className,
}: {
  title: string
  width: number
  height: number
  minWidth?: string
  /** Sizes the drawing (full width unless told). */
  svgClassName?: string
  legend?: ReactNode
  table?: ReactNode
  children: ReactNode
  className?: string
}) {
  const titleId = useId()
  return (
    <figure className={cn('flex min-w-0 flex-col gap-2', className)}>
      <div className="overflow-x-auto">
        <svg
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby={titleId}
          className={cn('h-auto text-muted-foreground', svgClassName)}
          style={{ minWidth }}
        >
          <title id={titleId}>{title}</title>
          {children}
        </svg>
      </div>
      {legend}
      {table}
    </figure>
  )
}

export function Swatch({ colour }: { colour: string }) {
  return (
    <span
      aria-hidden
      className="inline-block size-3 shrink-0 rounded-sm"
      style={{ backgroundColor: colour }}
    />
  )
}

export function Legend({
  items,
}: {
  items: readonly { key: string; label: string; colour: string; value?: string }[]
}) {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      {items.map((item) => (
        <li key={item.key} className="flex items-center gap-1.5">
          <Swatch colour={item.colour} />
          <span>{item.label}</span>
          {item.value === undefined ? null : (
            <span className="font-medium tabular-nums text-foreground">{item.value}</span>
          )}
        </li>
      ))}
    </ul>
  )
}

/** The chart's numbers: one row per x (or category), one column per series. */
export function DataTable({
  caption,
  columns,
  rows,
}: {
  caption: string
  columns: readonly string[]
  rows: readonly { key: string; header: string; cells: readonly string[] }[]
}) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer rounded-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {caption}
      </summary>
      <div className="mt-2 max-h-72 overflow-auto rounded-md border">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/60 text-xs uppercase text-muted-foreground">
            <tr>
              {columns.map((column, i) => (
                <th key={column} scope="col" className={cn('px-3 py-1.5', i > 0 && 'text-right')}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t">
                <th scope="row" className="px-3 py-1.5 font-normal">
                  {row.header}
                </th>
                {row.cells.map((cell, i) => (
                  <td key={columns[i + 1] ?? i} className="px-3 py-1.5 text-right tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}

export interface Margin {
  top: number
  right: number
  bottom: number
  left: number
}

/** Horizontal grid lines and their labels on the left. */
export function ValueAxis({
  ticks,
  y,
  left,
  right,
  format,
}: {
  ticks: readonly number[]
  y: (value: number) => number
  left: number
  right: number
  format: ValueFormat
}) {
  return (
    <g>
      <g stroke={CHART_COLOURS.grid} strokeWidth={1}>
        {ticks.map((tick) => (
          <line key={tick} x1={left} x2={right} y1={y(tick)} y2={y(tick)} />
        ))}
      </g>
      <g fill="currentColor" fontSize={11} aria-hidden textAnchor="end">
        {ticks.map((tick) => (
          <text key={tick} x={left - 6} y={y(tick) + 4}>
            {format(tick)}
          </text>
        ))}
      </g>
    </g>
  )
}
