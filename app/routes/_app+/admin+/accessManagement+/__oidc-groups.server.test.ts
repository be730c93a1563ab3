import { describe, expect, it } from 'vitest'
import type { Team } from '~/api/access.server.ts'
import {
  OidcGroupListParamsSchema,
  pageOfGroups,
  parseOidcGroupAction,
  withMappedTeams,
} from './__oidc-groups.server.ts'

const group = (name: string) => ({ uuid: `uuid-${name}`, name })
const team = (name: string, groups: string[]): Team => ({
  uuid: `team-${name}`,
  name,
  apiKeys: [],
  managedUsers: [],
  ldapUsers: [],
  oidcUsers: [],
  mappedLdapGroups: [],
  mappedOidcGroups: groups.map((name) => ({ uuid: `m-${name}`, group: group(name) })),
  permissions: [],
})
const params = (query: string) =>
  OidcGroupListParamsSchema.parse(Object.fromEntries(new URLSearchParams(query)))

describe('the OpenID Connect Groups list', () => {
  const rows = withMappedTeams(
    [group('developers'), group('Auditors'), group('ops')],
    [team('Platform', ['developers', 'ops']), team('Audit', ['Auditors'])],
  )

  it('shows each group with the teams that map it', () => {
    expect(rows.map((row) => [row.name, row.teams.map((t) => t.name)])).toEqual([
      ['developers', ['Platform']],
      ['Auditors', ['Audit']],
      ['ops', ['Platform']],
    ])
  })

  it('searches names without regard to case, sorts by name either way and pages', () => {
    expect(pageOfGroups(rows, params('searchText=AUD')).rows.map((row) => row.name)).toEqual([
      'Auditors',
    ])
    expect(pageOfGroups(rows, params('sortName=name&sortOrder=desc')).rows[0]!.name).toBe('ops')
    const second = pageOfGroups(rows, { ...params(''), pageSize: 2, page: 2 })
    expect(second).toEqual({ rows: [expect.objectContaining({ name: 'ops' })], total: 3 })
  })
})

describe('a post on a group page', () => {
  const form = (entries: Array<[string, string]>) => {
    const data = new FormData()
    for (const [key, value] of entries) data.append(key, value)
    return parseOidcGroupAction(data)
  }

  it('reads the checked teams of the picker as a list', () => {
    const uuid = '3f2b1c9e-8d7a-4b6c-9e5f-1a2b3c4d5e6f'
    expect(
      form([
        ['intent', 'add'],
        ['pick', uuid],
      ]).data,
    ).toEqual({ intent: 'add', teams: [uuid] })
  })

  it('refuses a removal that names no team UUID', () => {
    expect(
      form([
        ['intent', 'remove'],
        ['remove', 'not-a-uuid'],
      ]).success,
    ).toBe(false)
  })
})
