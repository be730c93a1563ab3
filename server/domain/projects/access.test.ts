import { describe, expect, it } from 'vitest'
import type { Queryable } from '../../db/database.ts'
import type { Principal } from '../auth/principal.ts'
import { projectAccessFor } from './access.ts'

function countingDb() {
  const statements: string[] = []
  const db: Queryable = {
    async query<Row>(sql: string) {
      statements.push(sql)
      const rows = sql.includes('acl.enabled') ? [{ property_value: 'true' }] : [{ team_id: 7 }]
      return rows as Row[]
    },
  }
  return { db, statements }
}

const userPrincipal = (): Principal =>
  ({
    kind: 'user',
    user: { id: 1 },
    permissions: new Set(['VIEW_PORTFOLIO']),
  }) as unknown as Principal

describe('projectAccessFor', () => {
  it('computes a request principal’s access once however often it is asked', async () => {
    const { db, statements } = countingDb()
    const principal = userPrincipal()
    const first = await projectAccessFor(db, principal)
    const again = await projectAccessFor(db, principal)
    await projectAccessFor(db, principal)
    expect(first).toEqual({ teamIds: [7] })
    expect(again).toBe(first)
    expect(statements).toHaveLength(2)
  })

  it('computes it afresh for the next request’s principal', async () => {
    const { db, statements } = countingDb()
    await projectAccessFor(db, userPrincipal())
    await projectAccessFor(db, userPrincipal())
    expect(statements).toHaveLength(4)
  })
})
