import { ChartFigure, DataTable } from './chart-parts.tsx'

export interface ScatterPoint {
  key: string
  x: number
  y: number
  /** The point's tooltip and its row in the data table. */
  label: string
  /** A CSS colour (a severity's colour); the chart's accent otherwise. */
  colour?: string
}

export interface Axis {
  label: string
  min: number
  max: number
  ticks: number[]
  format?: (value: number) => string
}

const WIDTH = 640
const HEIGHT = 400
const MARGIN = { top: 16, right: 20, bottom: 48, left: 60 }

/**
 * A scatter chart drawn on the server as SVG (see chart-parts.tsx). Every point has a native
 * tooltip; the same points are listed in a table for assistive technology.
 */
export function ScatterChart({
  title,
  points,
  x,
  y,
  tableCaption,
}: {
  title: string
  points: readonly ScatterPoint[]
  x: Axis
  y: Axis
  tableCaption: string
}) {
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom
  const clamp = (value: number, axis: Axis) => Math.min(axis.max, Math.max(axis.min, value))
  const px = (value: number) =>
    MARGIN.left + ((clamp(value, x) - x.min) / (x.max - x.min)) * plotWidth
  const py = (value: number) =>
    MARGIN.top + plotHeight - ((clamp(value, y) - y.min) / (y.max - y.min)) * plotHeight
  const fx = x.format ?? String
  const fy = y.format ?? String
  return (
    <ChartFigure
      title={title}
      width={WIDTH}
      height={HEIGHT}
      minWidth="26rem"
      svgClassName="w-full max-w-3xl"
      table={
        <DataTable
          caption={tableCaption}
          columns={[title, x.label, y.label]}
          rows={points.map((point) => ({
            key: point.key,
            header: point.label,
            cells: [fx(point.x), fy(point.y)],
          }))}
        />
      }
    >
      <g stroke="hsl(var(--border))" strokeWidth={1}>
        {x.ticks.map((tick) => (
          <line
            key={`x${tick}`}
            x1={px(tick)}
            x2={px(tick)}
            y1={MARGIN.top}
            y2={MARGIN.top + plotHeight}
          />
        ))}
        {y.ticks.map((tick) => (
          <line
            key={`y${tick}`}
            x1={MARGIN.left}
            x2={MARGIN.left + plotWidth}
            y1={py(tick)}
            y2={py(tick)}
          />
        ))}
      </g>
      <g fill="currentColor" fontSize={12} aria-hidden>
        {x.ticks.map((tick) => (
          <text key={`xt${tick}`} x={px(tick)} y={MARGIN.top + plotHeight + 18} textAnchor="middle">
            {fx(tick)}
          </text>
        ))}
        {y.ticks.map((tick) => (
          <text key={`yt${tick}`} x={MARGIN.left - 8} y={py(tick) + 4} textAnchor="end">
            {fy(tick)}
          </text>
        ))}
        <text x={MARGIN.left + plotWidth / 2} y={HEIGHT - 8} textAnchor="middle" fontWeight={600}>
          {x.label}
        </text>
        <text
          transform={`translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)`}
          textAnchor="middle"
          fontWeight={600}
        >
          {y.label}
        </text>
      </g>
      <g>
        {points.map((point) => (
          <circle
            key={point.key}
            cx={px(point.x)}
            cy={py(point.y)}
            r={6}
            fill={point.colour ?? 'hsl(var(--primary))'}
            fillOpacity={0.8}
            stroke="hsl(var(--background))"
            strokeWidth={1.5}
          >
            <title>{point.label}</title>
          </circle>
        ))}
      </g>
    </ChartFigure>
  )
}
