import pg from 'pg'
import { withTimeout, type Database, type Queryable } from './database.ts'
import { currentLane, type Lane } from './lane.ts'

// int8 counts and ids fit in a double for any realistic portfolio.
pg.types.setTypeParser(20, (value) => Number(value))
// numeric holds scores (CVSS, OWASP RR, EPSS) of a few digits: a number loses nothing.
pg.types.setTypeParser(1700, (value) => Number(value))

export async function openPostgres(connectionString: string): Promise<Database> {
  // Jobs have connections of their own (decision 026), so a request never waits for one a job
  // holds. A caller waits a bounded time for a free connection, then fails instead of hanging.
  const pools: Record<Lane, pg.Pool> = {
    foreground: new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 30_000 }),
    background: new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 30_000 }),
  }
  for (const pool of Object.values(pools)) {
    pool.on('error', () => {
      // An idle client died (server restart); the pool replaces it on next use.
    })
  }
  const lanePool = () => pools[currentLane()]
  await pools.foreground.query('SELECT 1')
  // /health asks on a connection of its own, so it never waits for one of the pool's, all of
  // which busy jobs may hold; a broken one is replaced at the next ask.
  let health: Promise<pg.Client> | undefined
  const healthClient = () => {
    health ??= (async () => {
      const client = new pg.Client({ connectionString })
      client.on('error', () => (health = undefined))
      await client.connect()
      return client
    })()
    return health
  }
  const ping = async () => {
    try {
      await (await healthClient()).query('SELECT 1')
    } catch (error) {
      health = undefined
      throw error
    }
  }

  return {
    dialect: 'postgres',
    async query(sql, params) {
      const result = await lanePool().query(sql, params as unknown[] | undefined)
      return result.rows
    },
    async transaction(fn) {
      const client = await lanePool().connect()
      // One statement at a time on the transaction's connection, in the order asked: callers may
      // ask several at once (node-postgres's own queue for that is deprecated). COMMIT and
      // ROLLBACK come after every statement asked, even one a failed caller left behind.
      let last: Promise<unknown> = Promise.resolve()
      const inTurn = (sql: string, params?: unknown[]) => {
        const result = last.then(() => client.query(sql, params))
        last = result.catch(() => undefined)
        return result
      }
      try {
        await inTurn('BEGIN')
        const scoped: Queryable = {
          query: async (sql, params) => (await inTurn(sql, params as unknown[] | undefined)).rows,
        }
        const result = await fn(scoped)
        await inTurn('COMMIT')
        return result
      } catch (error) {
        await inTurn('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    async exec(sql) {
      await lanePool().query(sql)
    },
    ping: (timeoutMs) => withTimeout(ping(), timeoutMs),
    async productInfo() {
      const result = await pools.foreground.query<{ server_version: string }>('SHOW server_version')
      return { productName: 'PostgreSQL', productVersion: result.rows[0]?.server_version ?? '' }
    },
    async close() {
      const client = health
      health = undefined
      await client?.then((open) => open.end()).catch(() => undefined)
      await Promise.all(Object.values(pools).map((pool) => pool.end()))
    },
  }
}
