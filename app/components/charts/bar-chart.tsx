import {
  ChartFigure,
  type ChartSeries,
  DataTable,
  Legend,
  type Margin,
  seriesColour,
  ValueAxis,
  type ValueFormat,
} from './chart-parts.tsx'
import { bandLayout, linearScale, niceTicks, stack, stackedMax } from './geometry.ts'

const WIDTH = 640
const MARGIN: Margin = { top: 12, right: 16, bottom: 28, left: 48 }
/** Category labels closer than this would overlap, so only every n-th is written. */
const LABEL_SPACING = 44

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
  height = 220,
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
  height?: number
}) {
  const plot = {
    left: MARGIN.left,
    right: WIDTH - MARGIN.right,
    top: MARGIN.top,
    bottom: height - MARGIN.bottom,
  }
  const colours = series.map((item, i) => seriesColour(item.colour, i))
  const values = series.map((item) => item.values)
  const grouped = mode === 'grouped'
  const top = grouped
    ? values.flat().reduce((max, value) => (value > max ? value : max), 0)
    : stackedMax(values)
  const yAxis = niceTicks(0, top, { count: 4, integer: top >= 4 })
  const y = linearScale([yAxis.min, yAxis.max], [plot.bottom, plot.top])
  const layout = bandLayout(categories.length, series.length, [plot.left, plot.right], {
    grouped,
  })
  const bands = stack(values)
  const band = categories.length > 0 ? (plot.right - plot.left) / categories.length : 0
  const labelEvery = Math.max(1, Math.ceil(LABEL_SPACING / Math.max(band, 1)))

  return (
    <ChartFigure
      title={title}
      width={WIDTH}
      height={height}
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
      <ValueAxis
        ticks={yAxis.ticks}
        y={y}
        left={plot.left}
        right={plot.right}
        format={formatAxis}
      />
      <g fill="currentColor" fontSize={11} aria-hidden textAnchor="middle">
        {categories.map((category, c) =>
          c % labelEvery === 0 ? (
            <text key={category.key} x={layout[c]!.centre} y={plot.bottom + 18}>
              {category.label}
            </text>
          ) : null,
        )}
      </g>
      {categories.length === 0 && emptyText ? (
        <text
          x={(plot.left + plot.right) / 2}
          y={(plot.top + plot.bottom) / 2}
          textAnchor="middle"
          fontSize={13}
          fill="currentColor"
        >
          {emptyText}
        </text>
      ) : null}
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
                width={Math.max(bar.width - (grouped ? 1 : 0), 1)}
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
    </ChartFigure>
  )
}
