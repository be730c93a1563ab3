import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from './client.server.ts'
import {
  createApiKey,
  deleteTeam,
  mapOidcGroup,
  searchLdapGroups,
  setApiKeyComment,
  setApiKeyExpiry,
} from './teams.server.ts'
import {
  addToTeam,
  createExternalUser,
  deleteUser,
  findUser,
  grantUserPermission,
  removeFromTeam,
} from './users.server.ts'

const KEY = {
  publicId: 'AbCdEfGh',
  maskedKey: `odt_AbCdEfGh${'*'.repeat(32)}`,
  created: 1,
  legacy: false,
  key: 'odt_AbCdEfGh_secret',
}

function client(answer: () => Response) {
  const send = vi.fn(async (_path: string, _options?: unknown) => answer())
  const json = vi.fn(
    async (schema: { parse: (value: unknown) => unknown }, _path: string, _options?: unknown) =>
      schema.parse(await answer().json()),
  )
  return { api: { send, json } as unknown as ApiClient, send, json }
}

describe('user writes (dt-api-admin §10.3, §10.4)', () => {
  it('finds a user of one kind by its exact name in the unpaged list', async () => {
    const users = [
      { username: 'Ann', teams: [], permissions: [] },
      { username: 'ann', dn: 'uid=ann', teams: [], permissions: [] },
    ]
    const { api, json } = client(() => Response.json(users))
    expect(await findUser(api, 'ldap', 'ann')).toMatchObject({ dn: 'uid=ann' })
    expect(json.mock.calls[0]?.[1]).toBe('/v1/user/ldap')
    expect(await findUser(api, 'ldap', 'bob')).toBeUndefined()
  })

  it('creates LDAP and OpenID Connect users with PUT and deletes with a JSON body', async () => {
    const created = client(() => Response.json({ username: 'x', teams: [], permissions: [] }))
    await createExternalUser(created.api, 'oidc', 'x')
    expect(created.json.mock.calls[0]?.slice(1)).toEqual([
      '/v1/user/oidc',
      { method: 'PUT', json: { username: 'x' } },
    ])
    const removed = client(() => new Response(null, { status: 204 }))
    await deleteUser(removed.api, 'managed', 'x')
    expect(removed.send).toHaveBeenCalledWith('/v1/user/managed', {
      method: 'DELETE',
      json: { username: 'x' },
    })
  })

  it('escapes usernames in paths and reads 304 as "nothing changed"', async () => {
    const joined = client(() => Response.json({ username: 'a/b' }))
    expect(await addToTeam(joined.api, 'a/b', 'team-1')).toBe(true)
    expect(joined.send).toHaveBeenCalledWith('/v1/user/a%2Fb/membership', {
      method: 'POST',
      json: { uuid: 'team-1' },
      accept: [304],
    })
    const already = client(() => new Response(null, { status: 304 }))
    expect(await removeFromTeam(already.api, 'a', 'team-1')).toBe(false)
    const granted = client(() => new Response(null, { status: 304 }))
    expect(await grantUserPermission(granted.api, 'BOM_UPLOAD', 'a b')).toBe(false)
    expect(granted.send.mock.calls[0]?.[0]).toBe('/v1/permission/BOM_UPLOAD/user/a%20b')
  })
})

describe('team writes (dt-api-admin §10.5–§10.7)', () => {
  it('creates a key without a body unless it expires (beyond 4.13)', async () => {
    const plain = client(() => Response.json(KEY))
    expect(await createApiKey(plain.api, 'team-1')).toMatchObject({ key: KEY.key })
    expect(plain.json.mock.calls[0]?.slice(1)).toEqual([
      '/v1/team/team-1/key',
      { method: 'PUT', json: undefined },
    ])
    const expiring = client(() => Response.json(KEY))
    await createApiKey(expiring.api, 'team-1', 1_800_000_000_000)
    expect(expiring.json.mock.calls[0]?.[2]).toEqual({
      method: 'PUT',
      json: { expires: 1_800_000_000_000 },
    })
  })

  it('sends the comment as plain text and a cleared expiry as null', async () => {
    const comment = client(() => Response.json(KEY))
    await setApiKeyComment(comment.api, 'AbCdEfGh', 'nightly')
    expect(comment.json.mock.calls[0]?.slice(1)).toEqual([
      '/v1/team/key/AbCdEfGh/comment',
      { method: 'POST', text: 'nightly' },
    ])
    const expiry = client(() => Response.json(KEY))
    await setApiKeyExpiry(expiry.api, 'AbCdEfGh', null)
    expect(expiry.json.mock.calls[0]?.slice(1)).toEqual([
      '/v1/team/key/AbCdEfGh/expires',
      { method: 'POST', json: { expires: null } },
    ])
  })

  it('deletes a team and maps a group with the JSON bodies 4.13 takes', async () => {
    const removed = client(() => new Response(null, { status: 204 }))
    await deleteTeam(removed.api, 'team-1')
    expect(removed.send).toHaveBeenCalledWith('/v1/team', {
      method: 'DELETE',
      json: { uuid: 'team-1' },
    })
    const mapped = client(() =>
      Response.json({ uuid: 'm-1', group: { uuid: 'g-1', name: 'developers' } }),
    )
    await mapOidcGroup(mapped.api, 'team-1', 'g-1')
    expect(mapped.json.mock.calls[0]?.slice(1)).toEqual([
      '/v1/oidc/mapping',
      { method: 'PUT', json: { team: 'team-1', group: 'g-1' } },
    ])
  })
})

describe('searchLdapGroups (§10.6 #1)', () => {
  const search = { searchText: 'dev', pageNumber: 2, pageSize: 10 }

  it('reads an empty 200 as LDAP not configured', async () => {
    const { api } = client(() => new Response('', { status: 200 }))
    expect(await searchLdapGroups(api, search)).toEqual({ state: 'notConfigured' })
  })

  it('reads 204 as nothing to show (no search text, or too many matches)', async () => {
    const { api } = client(() => new Response(null, { status: 204 }))
    expect(await searchLdapGroups(api, search)).toEqual({ state: 'noResults' })
  })

  it('answers one page of DNs with the total of all matches', async () => {
    const { api, send } = client(() =>
      Response.json(['cn=dev,ou=groups'], { headers: { 'X-Total-Count': '11' } }),
    )
    expect(await searchLdapGroups(api, search)).toEqual({
      state: 'found',
      groups: ['cn=dev,ou=groups'],
      total: 11,
    })
    expect(send).toHaveBeenCalledWith('/v1/ldap/groups', { query: search })
  })
})
