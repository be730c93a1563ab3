/** A metrics row as a time series reads it: counters valid from first to last occurrence. */
export interface MetricsRow {
  firstOccurrence: number
  lastOccurrence: number
}

export interface Timeline<Row> {
  /** Epoch milliseconds, strictly ascending. */
  x: number[]
  /** The row whose values hold at each x. */
  rows: Row[]
}

/**
 * 4.13 plots a row at its first occurrence and the last row once more at its last occurrence,
 * so the chart reaches the latest measurement. A row that began before the window starts at the
 * window's edge, so a short range is not stretched back to the first measurement ever.
 */
export function timeline<Row extends MetricsRow>(
  rows: readonly Row[],
  since: number,
): Timeline<Row> {
  const x: number[] = []
  const at: Row[] = []
  const push = (time: number, row: Row) => {
    const last = x[x.length - 1]
    if (last !== undefined && time <= last) {
      at[at.length - 1] = row
      return
    }
    x.push(time)
    at.push(row)
  }
  for (const row of rows) push(Math.max(row.firstOccurrence, since), row)
  const latest = rows[rows.length - 1]
  if (latest) push(latest.lastOccurrence, latest)
  return { x, rows: at }
}

/** One counter at every x of a timeline. */
export function valuesOf<Row>(line: Timeline<Row>, read: (row: Row) => number): number[] {
  return line.rows.map(read)
}

/** The times where a project's collection logic changed (4.13's blue marker lines). */
export function logicChanges<Row extends MetricsRow & { collectionLogicChanged?: boolean }>(
  rows: readonly Row[],
  since: number,
): number[] {
  return rows
    .filter((row) => row.collectionLogicChanged)
    .map((row) => Math.max(row.firstOccurrence, since))
}
