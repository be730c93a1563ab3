import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** TEST_DATABASE_URL plus LOOKOUT_TEST_DIALECT=postgres runs the API suite on a real PostgreSQL. */
export function postgresTestUrl(): string | undefined {
  if (process.env.LOOKOUT_TEST_DIALECT !== 'postgres') return undefined
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('LOOKOUT_TEST_DIALECT=postgres needs TEST_DATABASE_URL')
  return url
}

/** A throwaway database per test file, so files never share state. */
export async function createScratchDatabase(adminUrl: string) {
  const name = `lookout_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    },
  }
}
