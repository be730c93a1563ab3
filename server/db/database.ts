export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<Row[]>
  /**
   * `COPY table (columns) FROM` rows in PostgreSQL's text format, where the driver can stream
   * them (PGlite). Callers fall back to INSERT when it is absent.
   */
  copyFrom?(table: string, columns: readonly string[], text: string): Promise<void>
}

export interface Database extends Queryable {
  readonly dialect: 'pglite' | 'postgres'
  /** Runs fn in one transaction; a thrown error rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>
  /** Whether the database answers within `timeoutMs`; never waits long behind other work. */
  ping(timeoutMs: number): Promise<boolean>
  productInfo(): Promise<{ productName: string; productVersion: string }>
  close(): Promise<void>
}

export async function one<Row>(db: Queryable, sql: string, params?: unknown[]): Promise<Row> {
  const rows = await db.query<Row>(sql, params)
  const row = rows[0]
  if (!row) throw new Error('Expected one row, got none')
  return row
}

export async function maybeOne<Row>(
  db: Queryable,
  sql: string,
  params?: unknown[],
): Promise<Row | undefined> {
  const rows = await db.query<Row>(sql, params)
  return rows[0]
}

/** True when the promise settles successfully within `ms`. */
export function withTimeout(promise: Promise<unknown>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    promise.then(
      () => {
        clearTimeout(timer)
        resolve(true)
      },
      () => {
        clearTimeout(timer)
        resolve(false)
      },
    )
  })
}
