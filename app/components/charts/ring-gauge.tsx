import { useId } from 'react'
import { CHART_COLOURS, type ValueFormat } from './chart-parts.tsx'
import { arcPath } from './geometry.ts'

const SIZE = 64
const OUTER = 30
const INNER = 24

/**
 * A small ring filled to `value / max` with the value in its middle (4.13's severity rings on
 * project and component headers). The label names it for screen readers and in its tooltip;
 * the visible caption is the caller's.
 */
export function RingGauge({
  value,
  max,
  label,
  colour = CHART_COLOURS.accent,
  formatValue = String,
  className = 'size-16',
}: {
  value: number
  max: number
  label: string
  colour?: string
  formatValue?: ValueFormat
  className?: string
}) {
  const titleId = useId()
  const share = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0
  const c = SIZE / 2
  const text = formatValue(value)
  return (
    <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-labelledby={titleId} className={className}>
      <title id={titleId}>{`${label}: ${text}`}</title>
      <path d={arcPath(c, c, INNER, OUTER, 0, 2 * Math.PI)} fill={CHART_COLOURS.grid} />
      <path d={arcPath(c, c, INNER, OUTER, 0, share * 2 * Math.PI)} fill={colour} />
      <text
        x={c}
        y={c + 5}
        textAnchor="middle"
        fontSize={text.length > 4 ? 11 : 15}
        fontWeight={600}
        fill="hsl(var(--foreground))"
        aria-hidden
      >
        {text}
      </text>
    </svg>
  )
}
