import { useId } from 'react'
import { CHART_COLOURS, type TimeFormat, type ValueFormat } from './chart-parts.tsx'
import { linePath, linearScale, niceTicks, sampleIndices } from './geometry.ts'

const WIDTH = 240
const HEIGHT = 70
const PAD = 4
const MAX_DRAWN = 120
/** Tooltip columns narrower than a few pixels help no one and cost markup. */
const MAX_TIPS = 40

/**
 * A line without axes beside a headline figure (4.13's portfolio widgets). Its accessible name
 * says what it shows; hovering a sample shows its date and value.
 */
export function Sparkline({
  label,
  x,
  values,
  colour = CHART_COLOURS.accent,
  formatTime,
  formatValue = String,
  className = 'h-[70px] w-full',
}: {
  label: string
  x: readonly number[]
  values: readonly number[]
  colour?: string
  formatTime: TimeFormat
  formatValue?: ValueFormat
  className?: string
}) {
  const titleId = useId()
  const drawn = sampleIndices(x.length, MAX_DRAWN)
  const top = values.reduce((max, value) => (value > max ? value : max), 0)
  const axis = niceTicks(0, top, { count: 2 })
  const first = x[0] ?? 0
  const last = x[x.length - 1] ?? first
  const px = linearScale(first === last ? [first - 1, last + 1] : [first, last], [PAD, WIDTH - PAD])
  const py = linearScale([axis.min, axis.max], [HEIGHT - PAD, PAD])
  const points = drawn.map((i) => [px(x[i]!), py(values[i] ?? 0)] as [number, number])
  const tips = sampleIndices(x.length, MAX_TIPS)
  const column = tips.length > 1 ? (WIDTH - 2 * PAD) / (tips.length - 1) : WIDTH
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      role="img"
      aria-labelledby={titleId}
      className={className}
    >
      <title id={titleId}>{label}</title>
      <path
        d={linePath(points)}
        fill="none"
        stroke={colour}
        strokeWidth={2}
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
      {points.length === 1 ? (
        <circle cx={points[0]![0]} cy={points[0]![1]} r={3} fill={colour} />
      ) : null}
      <g fill="transparent">
        {tips.map((i) => (
          <rect key={i} x={px(x[i]!) - column / 2} width={column} y={0} height={HEIGHT}>
            <title>{`${formatTime(x[i]!, 'full')}: ${formatValue(values[i] ?? 0)}`}</title>
          </rect>
        ))}
      </g>
    </svg>
  )
}
