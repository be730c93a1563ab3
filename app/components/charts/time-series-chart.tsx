import {
  CHART_COLOURS,
  type ChartSeries,
  DataTable,
  Dot,
  Legend,
  PLOT,
  PlotFrame,
  seriesColour,
  type TimeFormat,
  type ValueFormat,
} from './chart-parts.tsx'
import {
  areaPath,
  linePath,
  linearScale,
  niceTicks,
  sampleIndices,
  stack,
  stackedMax,
  timeTicks,
} from './geometry.ts'

/** A vertical line at an instant (4.13 marks where a project's collection logic changed). */
export interface TimeMarker {
  x: number
  label: string
  colour?: string
}

/** More columns than this add bytes, not detail: no screen shows them apart. */
const MAX_DRAWN = 320
/** Tooltip columns: each covers the samples nearest it (at least ~5 px on a phone). */
const MAX_TIPS = 60
const HALF_DAY = 12 * 3_600_000

/**
 * Several series over time, drawn on the server: `stacked` areas (parts of a whole, e.g.
 * severities) or `line`s (quantities to compare, e.g. total vs audited). Every x has a column
 * whose native tooltip lists each series' value; the table lists every sample.
 */
export function TimeSeriesChart({
  title,
  x,
  series,
  mode,
  formatTime,
  formatValue = String,
  formatAxis = formatValue,
  timeLabel,
  tableCaption,
  emptyText,
  markers = [],
  height = 200,
  integerValues = true,
  minValue = 0,
  legend = true,
}: {
  title: string
  /** Epoch milliseconds, ascending; every series has a value per x. */
  x: readonly number[]
  series: readonly ChartSeries[]
  mode: 'stacked' | 'line'
  formatTime: TimeFormat
  formatValue?: ValueFormat
  /** The value axis' labels (e.g. compact: 1.2K); formatValue otherwise. */
  formatAxis?: ValueFormat
  /** The table's first column header ("Date"). */
  timeLabel: string
  tableCaption: string
  /** Shown inside the plot when there are no samples. */
  emptyText?: string
  markers?: readonly TimeMarker[]
  /** Counts (the default) get whole-number ticks; set false for fractions (scores, shares). */
  integerValues?: boolean
  /** The plot's height in CSS pixels (4.13's charts are 200 px high). */
  height?: number
  /** The value axis starts here (0 unless a series may go below). */
  minValue?: number
  /** Off when the card lists the series with their colours elsewhere. */
  legend?: boolean
}) {
  const colours = series.map((item, i) => seriesColour(item.colour, i))
  const values = series.map((item) => item.values)
  const top =
    mode === 'stacked'
      ? stackedMax(values)
      : values.flat().reduce((max, value) => (value > max ? value : max), minValue)
  const yAxis = niceTicks(minValue, top, { count: 4, integer: integerValues })
  const y = linearScale([yAxis.min, yAxis.max], [PLOT, 0])

  const first = x[0] ?? 0
  const last = x[x.length - 1] ?? first
  // A single sample still needs a time axis around it.
  const [start, end] = first === last ? [first - HALF_DAY, last + HALF_DAY] : [first, last]
  const px = linearScale([start, end], [0, PLOT])
  const time = x.length > 0 ? timeTicks(start, end, 5) : { ticks: [], unit: 'day' as const }

  const drawn = sampleIndices(x.length, MAX_DRAWN)
  const xs = drawn.map((i) => px(x[i]!))
  const bands = mode === 'stacked' ? stack(values) : []
  const dots = drawn.length === 1

  const tips = sampleIndices(x.length, MAX_TIPS)
  const columnWidth = tips.length > 1 ? PLOT / (tips.length - 1) : PLOT
  const tooltip = (i: number) =>
    [
      formatTime(x[i]!, 'full'),
      ...series.map((item) => `${item.label}: ${formatValue(item.values[i] ?? 0)}`),
    ].join('\n')
  const line = {
    fill: 'none',
    vectorEffect: 'non-scaling-stroke',
    strokeLinejoin: 'round',
  } as const

  return (
    <PlotFrame
      title={title}
      height={height}
      yTicks={yAxis.ticks}
      y={y}
      formatY={formatAxis}
      xLabels={time.ticks.map((tick) => ({
        key: String(tick),
        at: px(tick),
        text: formatTime(tick, time.unit),
      }))}
      emptyText={x.length === 0 ? emptyText : undefined}
      legend={
        legend ? (
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
          columns={[timeLabel, ...series.map((item) => item.label)]}
          rows={x.map((value, i) => ({
            key: `${value}-${i}`,
            header: formatTime(value, 'full'),
            cells: series.map((item) => formatValue(item.values[i] ?? 0)),
          }))}
        />
      }
    >
      {series.map((item, s) => {
        const colour = colours[s]!
        if (mode === 'stacked') {
          const upper = drawn.map((i) => y(bands[s]![i]![1]))
          const lower = drawn.map((i) => y(bands[s]![i]![0]))
          return (
            <g key={item.key}>
              <path d={areaPath(xs, upper, lower)} fill={colour} fillOpacity={0.35} />
              <path
                d={linePath(xs.map((value, i) => [value, upper[i]!]))}
                stroke={colour}
                strokeWidth={1.5}
                {...line}
              />
              {dots ? <Dot x={xs[0]!} y={upper[0]!} colour={colour} /> : null}
            </g>
          )
        }
        const points = drawn.map((i, k) => [xs[k]!, y(item.values[i] ?? 0)] as [number, number])
        return (
          <g key={item.key}>
            <path d={linePath(points)} stroke={colour} strokeWidth={2} {...line} />
            {dots ? <Dot x={points[0]![0]} y={points[0]![1]} colour={colour} /> : null}
          </g>
        )
      })}
      <g strokeDasharray="4 3" strokeWidth={1.5}>
        {markers.map((marker) => (
          <line
            key={`${marker.x}-${marker.label}`}
            x1={px(marker.x)}
            x2={px(marker.x)}
            y1={0}
            y2={PLOT}
            stroke={marker.colour ?? CHART_COLOURS.accent}
            vectorEffect="non-scaling-stroke"
          >
            <title>{`${formatTime(marker.x, 'full')}: ${marker.label}`}</title>
          </line>
        ))}
      </g>
      {/* Invisible columns carry the native tooltips (the table has every sample). */}
      <g fill="transparent">
        {tips.map((i) => {
          const left = Math.max(0, px(x[i]!) - columnWidth / 2)
          const right = Math.min(PLOT, px(x[i]!) + columnWidth / 2)
          return (
            <rect key={i} x={left} width={right - left} y={0} height={PLOT}>
              <title>{tooltip(i)}</title>
            </rect>
          )
        })}
      </g>
    </PlotFrame>
  )
}
