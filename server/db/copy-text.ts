/** PostgreSQL's COPY text format: one line per row, tab between fields, `\N` for null. */

const NEEDS_ESCAPE = /[\\\t\n\r]/
const ESCAPABLE = /[\\\t\n\r]/g
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

/** One field; `asJson` writes the value's JSON text (json/jsonb columns, JSON held as text). */
export function copyField(value: unknown, asJson = false): string {
  if (value === null || value === undefined) return '\\N'
  const text = asJson
    ? JSON.stringify(value)
    : typeof value === 'boolean'
      ? value
        ? 't'
        : 'f'
      : String(value)
  return NEEDS_ESCAPE.test(text) ? text.replace(ESCAPABLE, (c) => ESCAPES[c]!) : text
}

export interface CopyColumn {
  name: string
  asJson: boolean
}

/** Rows as COPY text; `leading` fields (the same for every row) come first on each line. */
export function copyText(
  columns: readonly CopyColumn[],
  rows: readonly Record<string, unknown>[],
  leading: readonly unknown[] = [],
): string {
  const prefix = leading.map((value) => `${copyField(value)}\t`).join('')
  let text = ''
  for (const row of rows) {
    let line = prefix
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!
      if (i > 0) line += '\t'
      line += copyField(row[column.name], column.asJson)
    }
    text += `${line}\n`
  }
  return text
}
