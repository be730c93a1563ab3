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

/** Dates with their time (`full`) for tables and tooltips, round ones for axis ticks. */
export type TimeFormat = (value: number, unit: 'hour' | 'day' | 'month' | 'year' | 'full') => string

/** Per language: an Intl formatter takes milliseconds to build, a page asks for dozens. */
export function memoByLocale<T>(make: (locale: string) => T): (locale: string) => T {
  const made = new Map<string, T>()
  return (locale) => {
    let value = made.get(locale)
    if (value === undefined) {
      value = make(locale)
      made.set(locale, value)
    }
    return value
  }
}

/** Dates in the reader's language for the time axis (UTC: the server cannot know their zone). */
export const timeFormatter = memoByLocale((locale): TimeFormat => {
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
})

/** Short numbers for axes (1.2K) in the reader's language. */
export const compactFormatter = memoByLocale((locale): ValueFormat => {
  const format = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 })
  return (value) => format.format(value)
})

/** Every digit, grouped, at most one decimal (tables, tooltips, headline figures). */
export const numberFormatter = memoByLocale((locale): ValueFormat => {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 })
  return (value) => format.format(value)
})

/** A share given in percent (33.3) in the reader's style ("33.3 %", "33,3 %"). */
export const shareFormatter = memoByLocale((locale): ValueFormat => {
  const format = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 })
  return (value) => format.format(value / 100)
})

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
        {/* Cell styles sit on the table: a year of samples is thousands of cells. */}
        <table className="w-full text-left text-sm [&_td]:px-3 [&_td]:py-1.5 [&_td]:text-right [&_td]:tabular-nums [&_th[scope=row]]:font-normal [&_th]:px-3 [&_th]:py-1.5">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted/60 text-xs uppercase text-muted-foreground">
            <tr>
              {columns.map((column, i) => (
                <th key={column} scope="col" className={i > 0 ? 'text-right' : undefined}>
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="[&>tr]:border-t">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.header}</th>
                {row.cells.map((cell, i) => (
                  <td key={columns[i + 1] ?? i}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  )
}

/** Cartesian charts draw in a 1000 × 1000 box stretched over the plot area. */
export const PLOT = 1000

/**
 * The frame of the cartesian charts (time series, bars): the drawing stretches to the card's
 * width at a fixed height, while tick labels are HTML placed by percentage beside and below it,
 * so text keeps its size on a phone and on a wide screen alike (an SVG scaled as a whole would
 * shrink or blow up its labels). Lines keep their width through `vector-effect`.
 */
export function PlotFrame({
  title,
  height,
  yTicks,
  y,
  formatY,
  xLabels,
  emptyText,
  children,
  legend,
  table,
}: {
  title: string
  /** The plot's height in CSS pixels. */
  height: number
  yTicks: readonly number[]
  /** A value's position from the top, 0–PLOT. */
  y: (value: number) => number
  formatY: ValueFormat
  /** Labels under the plot at positions 0–PLOT from the left. */
  xLabels: readonly { key: string; at: number; text: string }[]
  /** Shown over the plot when there is nothing to draw. */
  emptyText?: string
  children: ReactNode
  legend?: ReactNode
  table?: ReactNode
}) {
  const titleId = useId()
  const percent = (value: number) => `${(value / PLOT) * 100}%`
  return (
    <figure className="flex min-w-0 flex-col gap-2">
      {/* A container, so a narrow plot (a phone, a half-width card) writes every other label. */}
      <div className="pb-6 pl-11 pr-3 pt-2 text-muted-foreground [container-type:inline-size]">
        <div className="relative" style={{ height }}>
          <svg
            viewBox={`0 0 ${PLOT} ${PLOT}`}
            preserveAspectRatio="none"
            role="img"
            aria-labelledby={titleId}
            className="absolute inset-0 size-full overflow-visible"
          >
            <title id={titleId}>{title}</title>
            <g stroke={CHART_COLOURS.grid} strokeWidth={1}>
              {yTicks.map((tick) => (
                <line
                  key={tick}
                  x1={0}
                  x2={PLOT}
                  y1={y(tick)}
                  y2={y(tick)}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
            </g>
            {children}
          </svg>
          <div aria-hidden className="text-[0.6875rem] leading-none">
            {yTicks.map((tick) => (
              <span
                key={tick}
                className="absolute right-full -translate-y-1/2 whitespace-nowrap pr-1.5 tabular-nums"
                style={{ top: percent(y(tick)) }}
              >
                {formatY(tick)}
              </span>
            ))}
            {xLabels.map((label, i) => (
              <span
                key={label.key}
                className={cn(
                  'absolute top-full -translate-x-1/2 whitespace-nowrap pt-1.5',
                  i % 2 === 1 && '[@container(max-width:28rem)]:hidden',
                )}
                style={{ left: percent(label.at) }}
              >
                {label.text}
              </span>
            ))}
          </div>
          {emptyText ? (
            <p className="absolute inset-0 flex items-center justify-center text-sm">{emptyText}</p>
          ) : null}
        </div>
      </div>
      {legend}
      {table}
    </figure>
  )
}

/** A dot that stays round in a stretched plot: a zero-length line with round ends. */
export function Dot({ x, y, colour }: { x: number; y: number; colour: string }) {
  return (
    <path
      d={`M${x} ${y}h0`}
      stroke={colour}
      strokeWidth={7}
      strokeLinecap="round"
      vectorEffect="non-scaling-stroke"
    />
  )
}
