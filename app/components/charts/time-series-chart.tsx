import {
  CHART_COLOURS,
  ChartFigure,
  type ChartSeries,
  DataTable,
  Legend,
  type Margin,
  seriesColour,
  type TimeFormat,
  ValueAxis,
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

const WIDTH = 640
const MARGIN: Margin = { top: 12, right: 16, bottom: 28, left: 48 }
/** More columns than this add bytes, not detail: 640 units wide cannot show them apart. */
const MAX_DRAWN = 320
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
  height = 220,
  minValue = 0,
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
  height?: number
  /** The value axis starts here (0 unless a series may go below). */
  minValue?: number
}) {
  const plot = {
    left: MARGIN.left,
    right: WIDTH - MARGIN.right,
    top: MARGIN.top,
    bottom: height - MARGIN.bottom,
  }
  const colours = series.map((item, i) => seriesColour(item.colour, i))
  const values = series.map((item) => item.values)
  const top =
    mode === 'stacked'
      ? stackedMax(values)
      : values.flat().reduce((max, value) => (value > max ? value : max), minValue)
  const yAxis = niceTicks(minValue, top, { count: 4, integer: top >= 4 })
  const y = linearScale([yAxis.min, yAxis.max], [plot.bottom, plot.top])

  const first = x[0] ?? 0
  const last = x[x.length - 1] ?? first
  // A single sample still needs a time axis around it.
  const [start, end] = first === last ? [first - HALF_DAY, last + HALF_DAY] : [first, last]
  const px = linearScale([start, end], [plot.left, plot.right])
  const time = timeTicks(start, end, 6)

  const drawn = sampleIndices(x.length, MAX_DRAWN)
  const xs = drawn.map((i) => px(x[i]!))
  const bands = mode === 'stacked' ? stack(values) : []
  const dots = drawn.length === 1

  const columnWidth = drawn.length > 1 ? (plot.right - plot.left) / (drawn.length - 1) : 24
  const tooltip = (i: number) =>
    [
      formatTime(x[i]!, 'full'),
      ...series.map((item) => `${item.label}: ${formatValue(item.values[i] ?? 0)}`),
    ].join('\n')

  return (
    <ChartFigure
      title={title}
      width={WIDTH}
      height={height}
      legend={
        <Legend
          items={series.map((item, i) => ({
            key: item.key,
            label: item.label,
            colour: colours[i]!,
          }))}
        />
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
      <ValueAxis
        ticks={yAxis.ticks}
        y={y}
        left={plot.left}
        right={plot.right}
        format={formatAxis}
      />
      <g fill="currentColor" fontSize={11} aria-hidden textAnchor="middle">
        {time.ticks.map((tick) => (
          <text key={tick} x={px(tick)} y={plot.bottom + 18}>
            {formatTime(tick, time.unit)}
          </text>
        ))}
      </g>
      {x.length === 0 && emptyText ? (
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
      <g>
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
                  fill="none"
                  stroke={colour}
                  strokeWidth={1.5}
                />
                {dots ? <circle cx={xs[0]} cy={upper[0]} r={3} fill={colour} /> : null}
              </g>
            )
          }
          const points = drawn.map((i, k) => [xs[k]!, y(item.values[i] ?? 0)] as [number, number])
          return (
            <g key={item.key}>
              <path
                d={linePath(points)}
                fill="none"
                stroke={colour}
                strokeWidth={2}
                strokeLinejoin="round"
              />
              {dots ? <circle cx={points[0]![0]} cy={points[0]![1]} r={3} fill={colour} /> : null}
            </g>
          )
        })}
      </g>
      <g strokeDasharray="4 3" strokeWidth={1.5}>
        {markers.map((marker) => (
          <line
            key={`${marker.x}-${marker.label}`}
            x1={px(marker.x)}
            x2={px(marker.x)}
            y1={plot.top}
            y2={plot.bottom}
            stroke={marker.colour ?? CHART_COLOURS.accent}
          >
            <title>{`${formatTime(marker.x, 'full')}: ${marker.label}`}</title>
          </line>
        ))}
      </g>
      {/* Invisible columns, one per drawn sample, carry the native tooltips. */}
      <g fill="transparent">
        {drawn.map((i, k) => (
          <rect
            key={i}
            x={Math.max(plot.left, xs[k]! - columnWidth / 2)}
            width={columnWidth}
            y={plot.top}
            height={plot.bottom - plot.top}
          >
            <title>{tooltip(i)}</title>
          </rect>
        ))}
      </g>
    </ChartFigure>
  )
}
