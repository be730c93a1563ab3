import { describe, expect, it } from 'vitest'
import { inheritedPermissions } from './__user-editor.server.ts'
import { KeyExpirySchema, CreateKeySchema } from './__team-forms.server.ts'
import { pageTeams, TeamListParamsSchema } from './__teams.server.ts'
import { pageUsers, UserListParamsSchema } from './__user-list.server.ts'
import { parseWithZod } from '@conform-to/zod/v4'

const permission = (name: string) => ({ name, description: `${name} description` })
const team = (name: string, extra: Record<string, unknown> = {}) => ({
  uuid: `uuid-${name}`,
  name,
  apiKeys: [],
  managedUsers: [],
  ldapUsers: [],
  oidcUsers: [],
  mappedLdapGroups: [],
  mappedOidcGroups: [],
  permissions: [],
  ...extra,
})

describe('inheritedPermissions', () => {
  it('lists what the user’s teams give, by permission, with the teams that give it', () => {
    const teams = [
      team('Automation', { permissions: [permission('VIEW_PORTFOLIO'), permission('BOM_UPLOAD')] }),
      team('Readers', { permissions: [permission('VIEW_PORTFOLIO')] }),
      team('Admins', { permissions: [permission('ACCESS_MANAGEMENT')] }),
    ]
    expect(
      inheritedPermissions([{ uuid: 'uuid-Automation' }, { uuid: 'uuid-Readers' }], teams),
    ).toEqual([
      { name: 'BOM_UPLOAD', teams: ['Automation'] },
      { name: 'VIEW_PORTFOLIO', teams: ['Automation', 'Readers'] },
    ])
    expect(inheritedPermissions([], teams)).toEqual([])
  })
})

describe('user and team lists', () => {
  const params = (query: string) =>
    UserListParamsSchema.parse(Object.fromEntries(new URLSearchParams(query)))

  it('shows an LDAP user’s DN and team count, searchable by DN', () => {
    const users = [
      { username: 'carol', dn: 'uid=carol,ou=ops', teams: [], permissions: [] },
      {
        username: 'bob',
        dn: 'uid=bob,ou=dev',
        teams: [{ uuid: 't', name: 'T' }],
        permissions: [],
      },
    ]
    const page = pageUsers('ldap', users, params('searchText=ou%3Ddev'))
    expect(page).toEqual({
      rows: [{ username: 'bob', email: undefined, identity: 'uid=bob,ou=dev', teams: 1 }],
      total: 1,
    })
    const sorted = pageUsers('ldap', users, params('sortName=teams&sortOrder=desc'))
    expect(sorted.rows.map((row) => row.username)).toEqual(['bob', 'carol'])
  })

  it('counts a team’s members of every kind and its keys', () => {
    const teams = [
      team('Small', { managedUsers: [{ username: 'a' }] }),
      team('Large', {
        managedUsers: [{ username: 'a' }],
        ldapUsers: [{ username: 'b' }],
        oidcUsers: [{ username: 'c' }],
        apiKeys: [{ publicId: 'k' }],
      }),
    ]
    const page = pageTeams(
      teams as never,
      TeamListParamsSchema.parse({ sortName: 'members', sortOrder: 'desc' }),
    )
    expect(page.rows).toEqual([
      { uuid: 'uuid-Large', name: 'Large', apiKeys: 1, members: 3 },
      { uuid: 'uuid-Small', name: 'Small', apiKeys: 0, members: 1 },
    ])
  })
})

describe('key forms', () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData()
    for (const [name, value] of Object.entries(fields)) data.set(name, value)
    return data
  }

  it('turns a chosen day into the end of that day (UTC), and an empty one into never', () => {
    const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10)
    const created = parseWithZod(form({ expires: day, comment: '' }), { schema: CreateKeySchema })
    expect(created.status).toBe('success')
    expect(created.status === 'success' && created.value).toEqual({
      expires: Date.parse(`${day}T23:59:59.999Z`),
    })
    const never = parseWithZod(form({ publicId: 'AbCdEfGh', expires: '' }), {
      schema: KeyExpirySchema,
    })
    expect(never.status === 'success' && never.value).toEqual({ publicId: 'AbCdEfGh' })
  })

  it('refuses a past day and a date that does not exist', () => {
    const past = parseWithZod(form({ publicId: 'x', expires: '2001-01-01' }), {
      schema: KeyExpirySchema,
    })
    expect(past.reply().error).toEqual({ expires: ['teamAdmin.keys.pastDate'] })
    const impossible = parseWithZod(form({ expires: '2030-02-30' }), { schema: CreateKeySchema })
    expect(impossible.reply().error).toEqual({ expires: ['teamAdmin.keys.invalidDate'] })
  })
})
