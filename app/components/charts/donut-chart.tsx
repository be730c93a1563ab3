import {
  CHART_COLOURS,
  ChartFigure,
  DataTable,
  Legend,
  seriesColour,
  type ValueFormat,
} from './chart-parts.tsx'
import { arcPath, percentOf, proportions } from './geometry.ts'

const SIZE = 200
const OUTER = 96
const INNER = 64

export interface DonutSlice {
  key: string
  label: string
  value: number
  colour?: string
}

/**
 * Parts of a whole as a ring (e.g. vulnerable vs not vulnerable projects), the total or any
 * other figure in its hole. The legend gives each part's count and share; so does the table.
 */
export function DonutChart({
  title,
  slices,
  centre,
  formatValue = String,
  formatShare = (percent) => `${percent} %`,
  labelHeader,
  valueHeader,
  shareHeader,
  tableCaption,
  svgClassName = 'mx-auto w-full max-w-48',
}: {
  title: string
  slices: readonly DonutSlice[]
  /** The hole's big figure and the line under it. */
  centre?: { value: string; label: string }
  formatValue?: ValueFormat
  /** A share in percent (one decimal) as text, in the reader's language. */
  formatShare?: ValueFormat
  /** The table's column headers. */
  labelHeader: string
  valueHeader: string
  shareHeader: string
  tableCaption: string
  /** Sizes the ring (at most 12 rem wide, centred, unless told). */
  svgClassName?: string
}) {
  const colours = slices.map((slice, i) => seriesColour(slice.colour, i))
  const total = slices.reduce((sum, slice) => sum + Math.max(0, slice.value), 0)
  const angles = proportions(slices.map((slice) => slice.value))
  const c = SIZE / 2
  const share = (value: number) => formatShare(percentOf(value, total))
  return (
    <ChartFigure
      title={title}
      width={SIZE}
      height={SIZE}
      minWidth="8rem"
      svgClassName={svgClassName}
      legend={
        <Legend
          items={slices.map((slice, i) => ({
            key: slice.key,
            label: slice.label,
            colour: colours[i]!,
            value: `${formatValue(slice.value)} (${share(slice.value)})`,
          }))}
        />
      }
      table={
        <DataTable
          caption={tableCaption}
          columns={[labelHeader, valueHeader, shareHeader]}
          rows={slices.map((slice) => ({
            key: slice.key,
            header: slice.label,
            cells: [formatValue(slice.value), share(slice.value)],
          }))}
        />
      }
    >
      {/* The empty ring stays visible when nothing is counted yet. */}
      <path d={arcPath(c, c, INNER, OUTER, 0, 2 * Math.PI)} fill={CHART_COLOURS.grid} />
      {slices.map((slice, i) => (
        <path
          key={slice.key}
          d={arcPath(c, c, INNER, OUTER, angles[i]![0], angles[i]![1])}
          fill={colours[i]}
          stroke={CHART_COLOURS.background}
          strokeWidth={slices.length > 1 ? 1.5 : 0}
        >
          <title>{`${slice.label}: ${formatValue(slice.value)} (${share(slice.value)})`}</title>
        </path>
      ))}
      {centre ? (
        <g textAnchor="middle" aria-hidden>
          <text x={c} y={c + 4} fontSize={30} fontWeight={600} fill="hsl(var(--foreground))">
            {centre.value}
          </text>
          <text x={c} y={c + 26} fontSize={12} fill="currentColor">
            {centre.label}
          </text>
        </g>
      ) : null}
    </ChartFigure>
  )
}
