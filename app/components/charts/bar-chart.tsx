import {
  type ChartSeries,
  DataTable,
  Legend,
  PLOT,
  PlotFrame,
  seriesColour,
  type ValueFormat,
} from './chart-parts.tsx'
import { bandLayout, linearScale, niceTicks, stack, stackedMax } from './geometry.ts'

/** Category labels beyond this many would collide on a phone, so only every n-th is written. */
const MAX_LABELS = 8

/**
 * Vertical bars per category (a year, a month, a classifier), one series side by side when
 * `grouped` or on top of each other when `stacked`. Each bar has a native tooltip; the table
 * lists every category.
 */
export function BarChart({
  title,
  categories,
  series,
  mode,
  formatValue = String,
  formatAxis = formatValue,
  categoryLabel,
  tableCaption,
  emptyText,
  height = 200,
  integerValues = true,
}: {
  title: string
  categories: readonly { key: string; label: string }[]
  /** Each series has a value per category. */
  series: readonly ChartSeries[]
  mode: 'grouped' | 'stacked'
  formatValue?: ValueFormat
  /** The value axis' labels (e.g. compact: 1.2K); formatValue otherwise. */
  formatAxis?: ValueFormat
  /** The table's first column header ("Year"). */
  categoryLabel: string
  tableCaption: string
  emptyText?: string
  /** Counts (the default) get whole-number ticks; set false for fractions (scores, shares). */
  integerValues?: boolean
  /** The plot's height in CSS pixels. */
  height?: number
}) {
  const colours = series.map((item, i) => seriesColour(item.colour, i))
  const values = series.map((item) => item.values)
  const grouped = mode === 'grouped'
  const top = grouped
    ? values.flat().reduce((max, value) => (value > max ? value : max), 0)
    : stackedMax(values)
  const yAxis = niceTicks(0, top, { count: 4, integer: integerValues })
  const y = linearScale([yAxis.min, yAxis.max], [PLOT, 0])
  const layout = bandLayout(categories.length, series.length, [0, PLOT], { grouped })
  const bands = stack(values)
  const labelEvery = Math.max(1, Math.ceil(categories.length / MAX_LABELS))

  return (
    <PlotFrame
      title={title}
      height={height}
      yTicks={yAxis.ticks}
      y={y}
      formatY={formatAxis}
      xLabels={categories.flatMap((category, c) =>
        c % labelEvery === 0
          ? [{ key: category.key, at: layout[c]!.centre, text: category.label }]
          : [],
      )}
      emptyText={categories.length === 0 ? emptyText : undefined}
      legend={
        series.length > 1 ? (
          <Legend
            items={series.map((item, i) => ({
              key: item.key,
              label: item.label,
              colour: colours[i]!,
            }))}
          />
        ) : null
      }
      table={
        <DataTable
          caption={tableCaption}
          columns={[categoryLabel, ...series.map((item) => item.label)]}
          rows={categories.map((category, c) => ({
            key: category.key,
            header: category.label,
            cells: series.map((item) => formatValue(item.values[c] ?? 0)),
          }))}
        />
      }
    >
      {categories.map((category, c) => (
        <g key={category.key}>
          {series.map((item, s) => {
            const value = item.values[c] ?? 0
            const [lower, upper] = grouped ? [0, Math.max(0, value)] : bands[s]![c]!
            const bar = layout[c]!.bars[s]!
            return (
              <rect
                key={item.key}
                x={bar.x}
                width={bar.width}
                y={y(upper)}
                height={Math.max(0, y(lower) - y(upper))}
                fill={colours[s]}
              >
                <title>{`${category.label} · ${item.label}: ${formatValue(value)}`}</title>
              </rect>
            )
          })}
        </g>
      ))}
    </PlotFrame>
  )
}
