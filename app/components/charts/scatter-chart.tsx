import { useId } from 'react'

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
 * A scatter chart drawn on the server as SVG: no chart library reaches the browser, it reads
 * without JavaScript, and its colours follow the theme through CSS variables. Every point has
 * a native tooltip; the same points are listed in a table for assistive technology.
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
  const titleId = useId()
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
    <figure className="flex flex-col gap-2">
      {/* On a narrow screen the chart keeps a readable size and scrolls sideways. */}
      <div className="overflow-x-auto">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          role="img"
          aria-labelledby={titleId}
          className="h-auto w-full min-w-[26rem] max-w-3xl text-muted-foreground"
        >
          <title id={titleId}>{title}</title>
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
              <text
                key={`xt${tick}`}
                x={px(tick)}
                y={MARGIN.top + plotHeight + 18}
                textAnchor="middle"
              >
                {fx(tick)}
              </text>
            ))}
            {y.ticks.map((tick) => (
              <text key={`yt${tick}`} x={MARGIN.left - 8} y={py(tick) + 4} textAnchor="end">
                {fy(tick)}
              </text>
            ))}
            <text
              x={MARGIN.left + plotWidth / 2}
              y={HEIGHT - 8}
              textAnchor="middle"
              fontWeight={600}
            >
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
        </svg>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground hover:text-foreground">
          {tableCaption}
        </summary>
        <div className="mt-2 max-h-72 overflow-auto rounded-md border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{tableCaption}</caption>
            <thead className="bg-muted/60 text-xs uppercase text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-1.5">
                  {title}
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  {x.label}
                </th>
                <th scope="col" className="px-3 py-1.5 text-right">
                  {y.label}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.key} className="border-t">
                  <th scope="row" className="px-3 py-1.5 font-normal">
                    {point.label}
                  </th>
                  <td className="px-3 py-1.5 text-right tabular-nums">{fx(point.x)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{fy(point.y)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
