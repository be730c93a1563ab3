import { describe, expect, it } from 'vitest'
import { pageInMemory } from './in-memory.server.ts'

const users = [
  { username: 'carol', email: 'carol@example.org', teams: 2 },
  { username: 'alice', email: undefined, teams: 10 },
  { username: 'Bob', email: 'bob@corp.test', teams: 1 },
  { username: 'dave', email: 'dave@example.org', teams: 0 },
]
const options = {
  searchIn: (user: (typeof users)[number]) => [user.username, user.email],
  sortBy: {
    username: (user: (typeof users)[number]) => user.username,
    email: (user: (typeof users)[number]) => user.email,
    teams: (user: (typeof users)[number]) => user.teams,
  },
}
const names = (rows: Array<{ username: string }>) => rows.map((row) => row.username)

describe('pageInMemory', () => {
  it('keeps the API order without a sort, and pages it', () => {
    const page = pageInMemory(users, { page: 2, pageSize: 3 }, options)
    expect(names(page.rows)).toEqual(['dave'])
    expect(page.total).toBe(4)
  })

  it('searches any of the texts, ignoring case', () => {
    const page = pageInMemory(users, { searchText: 'EXAMPLE', page: 1, pageSize: 10 }, options)
    expect(names(page.rows)).toEqual(['carol', 'dave'])
    expect(page.total).toBe(2)
  })

  it('sorts text without regard to case, numbers by value', () => {
    const byName = pageInMemory(
      users,
      { page: 1, pageSize: 10, sortName: 'username', sortOrder: 'asc' },
      options,
    )
    expect(names(byName.rows)).toEqual(['alice', 'Bob', 'carol', 'dave'])
    const byTeams = pageInMemory(
      users,
      { page: 1, pageSize: 10, sortName: 'teams', sortOrder: 'desc' },
      options,
    )
    expect(names(byTeams.rows)).toEqual(['alice', 'carol', 'Bob', 'dave'])
  })

  it('puts rows without a value last when ascending', () => {
    const page = pageInMemory(
      users,
      { page: 1, pageSize: 10, sortName: 'email', sortOrder: 'asc' },
      options,
    )
    expect(names(page.rows)).toEqual(['Bob', 'carol', 'dave', 'alice'])
  })

  it('answers an empty page past the end, with the total', () => {
    expect(pageInMemory(users, { page: 5, pageSize: 10 }, options)).toEqual({ rows: [], total: 4 })
  })
})
