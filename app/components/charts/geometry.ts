/**
 * The chart kit's arithmetic: scales, nice ticks, stacking, paths and arcs. Pure functions of
 * numbers so they can be tested without rendering and shared by every chart.
 */

export interface Ticks {
  /** The axis runs from `min` to `max`; both are ticks. */
  min: number
  max: number
  ticks: number[]
}

/** Maps `domain` linearly onto `range`; a zero-width domain maps everything to the range start. */
export function linearScale(
  [d0, d1]: readonly [number, number],
  [r0, r1]: readonly [number, number],
) {
  const width = d1 - d0
  return (value: number) => (width === 0 ? r0 : r0 + ((value - d0) / width) * (r1 - r0))
}

function niceStep(rough: number) {
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const normal = rough / magnitude
  const factor = normal <= 1 ? 1 : normal <= 2 ? 2 : normal <= 2.5 ? 2.5 : normal <= 5 ? 5 : 10
  return factor * magnitude
}

/**
 * About `count` round ticks covering `[min, max]`. Counts ask for `integer` (no 0.5 steps). An
 * empty or flat range still gets an axis: `[0, 1]` for all zeros, otherwise around the value.
 */
export function niceTicks(
  min: number,
  max: number,
  { count = 5, integer = false }: { count?: number; integer?: boolean } = {},
): Ticks {
  let low = Number.isFinite(min) ? min : 0
  let high = Number.isFinite(max) ? max : 0
  if (low > high) [low, high] = [high, low]
  if (low === high) {
    if (low === 0) high = 1
    else if (low > 0) low = 0
    else high = 0
  }
  let step = niceStep((high - low) / Math.max(1, count))
  // Counts step by whole numbers: 2.5 becomes 2, anything below 1 becomes 1.
  if (integer) step = step < 1 ? 1 : step === 2.5 ? 2 : Math.round(step)
  const start = Math.floor(low / step) * step
  const end = Math.ceil(high / step) * step
  const ticks: number[] = []
  // Multiplying (not adding) keeps 0.1-steps free of creeping rounding errors.
  for (let i = 0; start + i * step <= end + step / 1e6; i += 1) {
    ticks.push(Number((start + i * step).toPrecision(12)))
  }
  return { min: ticks[0]!, max: ticks[ticks.length - 1]!, ticks }
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

type TimeUnit = { kind: 'ms'; size: number } | { kind: 'month'; size: number }

const MINUTE = 60_000

const TIME_UNITS: TimeUnit[] = [
  { kind: 'ms', size: MINUTE },
  { kind: 'ms', size: 5 * MINUTE },
  { kind: 'ms', size: 15 * MINUTE },
  { kind: 'ms', size: 30 * MINUTE },
  { kind: 'ms', size: HOUR },
  { kind: 'ms', size: 3 * HOUR },
  { kind: 'ms', size: 6 * HOUR },
  { kind: 'ms', size: 12 * HOUR },
  { kind: 'ms', size: DAY },
  { kind: 'ms', size: 2 * DAY },
  { kind: 'ms', size: 7 * DAY },
  { kind: 'ms', size: 14 * DAY },
  { kind: 'month', size: 1 },
  { kind: 'month', size: 2 },
  { kind: 'month', size: 3 },
  { kind: 'month', size: 6 },
  { kind: 'month', size: 12 },
]

function approximateMs(unit: TimeUnit) {
  return unit.kind === 'ms' ? unit.size : unit.size * 30 * DAY
}

/**
 * Ticks on round UTC instants (hours, midnights, Mondays, first days of months or years) inside
 * `[start, end]`, about `count` of them; `unit` tells the caller whether a time needs showing.
 */
export function timeTicks(
  start: number,
  end: number,
  count = 6,
): { ticks: number[]; unit: 'hour' | 'day' | 'month' | 'year' } {
  if (!Number.isFinite(start) || !Number.isFinite(end) || end < start) {
    return { ticks: [], unit: 'day' }
  }
  if (end === start) return { ticks: [start], unit: 'day' }
  const wanted = (end - start) / Math.max(1, count)
  // The unit nearest the wanted spacing (by ratio), or whole years beyond the list.
  const distance = (unit: TimeUnit) => Math.abs(Math.log(approximateMs(unit) / wanted))
  const nearest = TIME_UNITS.reduce((best, unit) => (distance(unit) < distance(best) ? unit : best))
  const chosen: TimeUnit =
    wanted > 365 * DAY ? { kind: 'month', size: 12 * Math.round(wanted / (365 * DAY)) } : nearest
  const ticks: number[] = []
  if (chosen.kind === 'ms') {
    // Weeks start on Monday; 1970-01-01 was a Thursday, hence the four-day offset.
    const offset = chosen.size >= 7 * DAY ? 4 * DAY : 0
    let tick = Math.ceil((start - offset) / chosen.size) * chosen.size + offset
    for (; tick <= end; tick += chosen.size) ticks.push(tick)
    return { ticks, unit: chosen.size < DAY ? 'hour' : 'day' }
  }
  const first = new Date(start)
  let year = first.getUTCFullYear()
  let month = first.getUTCMonth()
  if (Date.UTC(year, month, 1) < start) month += 1
  month = Math.ceil(month / chosen.size) * chosen.size
  for (let tick = Date.UTC(year, month, 1); tick <= end; tick = Date.UTC(year, month, 1)) {
    ticks.push(tick)
    month += chosen.size
    if (month >= 12) {
      year += Math.floor(month / 12)
      month %= 12
    }
  }
  return { ticks, unit: chosen.size >= 12 ? 'year' : 'month' }
}

/**
 * Stacks series (each a value per x) bottom to top: for every series and x the band's
 * `[lower, upper]`. Negative or missing values count as zero so bands never cross.
 */
export function stack(series: readonly (readonly number[])[]): [number, number][][] {
  const length = Math.max(0, ...series.map((values) => values.length))
  const base = new Array<number>(length).fill(0)
  return series.map((values) =>
    base.map((lower, i) => {
      const upper = lower + Math.max(0, values[i] ?? 0)
      base[i] = upper
      return [lower, upper] as [number, number]
    }),
  )
}

/** The largest total of the stacked series at any x (0 when there is nothing). */
export function stackedMax(series: readonly (readonly number[])[]) {
  const bands = stack(series)
  const top = bands[bands.length - 1] ?? []
  return top.reduce((max, [, upper]) => Math.max(max, upper), 0)
}

/**
 * At most `max` indices spread evenly over `length` items, always keeping the first and last:
 * a thousand samples draw as a few hundred without changing the chart's shape much.
 */
export function sampleIndices(length: number, max: number): number[] {
  if (length <= 0) return []
  if (length <= max || max < 2)
    return Array.from({ length: Math.min(length, Math.max(max, 1)) }, (_, i) => i)
  const indices: number[] = []
  const step = (length - 1) / (max - 1)
  for (let i = 0; i < max; i += 1) indices.push(Math.round(i * step))
  return indices
}

/** Tenths are finer than any screen shows in the 1000-unit plots, and keep the markup short. */
const round = (value: number) => Math.round(value * 10) / 10

/** An SVG path through the points; empty when there are none. */
export function linePath(points: readonly (readonly [number, number])[]): string {
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`).join('')
}

/** A closed SVG path between an upper and a lower line (same xs), for stacked areas. */
export function areaPath(
  xs: readonly number[],
  upper: readonly number[],
  lower: readonly number[],
): string {
  if (xs.length === 0) return ''
  const top = xs.map((x, i) => [x, upper[i] ?? 0] as const)
  const bottom = xs.map((x, i) => [x, lower[i] ?? 0] as const).reverse()
  return `${linePath(top)}${linePath(bottom).replace(/^M/, 'L')}Z`
}

function polar(cx: number, cy: number, r: number, angle: number) {
  // Angle 0 is twelve o'clock, growing clockwise.
  return [cx + r * Math.sin(angle), cy - r * Math.cos(angle)] as const
}

/**
 * A ring segment from `start` to `end` (radians, clockwise from twelve o'clock) between the
 * inner and outer radius. A whole turn is drawn as two halves: SVG cannot arc to its own start.
 */
export function arcPath(
  cx: number,
  cy: number,
  inner: number,
  outer: number,
  start: number,
  end: number,
): string {
  const sweep = end - start
  if (!(sweep > 0)) return ''
  if (sweep >= 2 * Math.PI - 1e-9) {
    return (
      arcPath(cx, cy, inner, outer, start, start + Math.PI) +
      arcPath(cx, cy, inner, outer, start + Math.PI, start + 2 * Math.PI)
    )
  }
  const large = sweep > Math.PI ? 1 : 0
  const [ox0, oy0] = polar(cx, cy, outer, start)
  const [ox1, oy1] = polar(cx, cy, outer, end)
  const [ix1, iy1] = polar(cx, cy, inner, end)
  const [ix0, iy0] = polar(cx, cy, inner, start)
  const r = round
  return (
    `M${r(ox0)} ${r(oy0)}A${r(outer)} ${r(outer)} 0 ${large} 1 ${r(ox1)} ${r(oy1)}` +
    `L${r(ix1)} ${r(iy1)}A${r(inner)} ${r(inner)} 0 ${large} 0 ${r(ix0)} ${r(iy0)}Z`
  )
}

/** Each value's `[start, end]` angle in a full turn; nothing when the total is not positive. */
export function proportions(values: readonly number[]): [number, number][] {
  const clean = values.map((value) => (Number.isFinite(value) && value > 0 ? value : 0))
  const total = clean.reduce((sum, value) => sum + value, 0)
  if (total <= 0) return clean.map(() => [0, 0])
  let angle = 0
  return clean.map((value) => {
    const start = angle
    angle += (value / total) * 2 * Math.PI
    return [start, angle]
  })
}

/** A share as a percentage with one decimal (4.13's calcProgressPercent); 0 of 0 is 0. */
export function percentOf(part: number, total: number) {
  if (!(total > 0)) return 0
  return Math.round((part / total) * 1000) / 10
}

/**
 * The horizontal layout of a bar chart: per category its band, and per series the bar's x and
 * width (side by side when grouped, one full-width bar per category when stacked).
 */
export function bandLayout(
  categories: number,
  seriesCount: number,
  [left, right]: readonly [number, number],
  { grouped, padding = 0.2 }: { grouped: boolean; padding?: number },
) {
  const band = categories > 0 ? (right - left) / categories : 0
  const inner = band * (1 - padding)
  const barWidth = grouped && seriesCount > 0 ? inner / seriesCount : inner
  return Array.from({ length: categories }, (_, c) => {
    const start = left + c * band + (band - inner) / 2
    return {
      centre: left + c * band + band / 2,
      bars: Array.from({ length: seriesCount }, (_, s) => ({
        x: grouped ? start + s * barWidth : start,
        width: barWidth,
      })),
    }
  })
}
