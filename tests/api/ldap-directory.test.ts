import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadEnv } from '../../server/config/env.ts'
import {
  passwordMatches,
  TooManyResults,
  withServiceSession,
} from '../../server/domain/ldap/directory.ts'
import { ldapSettings } from '../../server/domain/ldap/settings.ts'
import { BASE_DN, openLdapEnv, startSlapd, type Slapd } from '../support/slapd.ts'

// The directory client against a real OpenLDAP: TLS, both group styles, nesting, size limits.

let slapd: Slapd
const settingsFor = (overrides: Record<string, string> = {}) =>
  ldapSettings(loadEnv(openLdapEnv(slapd, overrides)))
const alice = `uid=alice,ou=people,${BASE_DN}`

beforeAll(async () => {
  slapd = await startSlapd({ tls: true, sizeLimit: 10 })
})
afterAll(async () => {
  await slapd?.stop()
})

describe('LDAP directory client', () => {
  it('finds a user through the service account and checks passwords by binding as them', async () => {
    const settings = settingsFor()
    const found = await withServiceSession(settings, (session) => session.findUser('alice'))
    expect(found).toEqual({ dn: alice, email: 'alice@example.com' })
    expect(await passwordMatches(settings, alice, 'alice-secret')).toBe(true)
    expect(await passwordMatches(settings, alice, 'wrong')).toBe(false)
    // A simple bind without a password would be anonymous, and succeed: never sent.
    expect(await passwordMatches(settings, alice, '')).toBe(false)
  })

  it('cannot search without the service account (the directory refuses anonymous reads)', async () => {
    const anonymous = settingsFor({ ALPINE_LDAP_SECURITY_AUTH: 'none' })
    await expect(
      withServiceSession(anonymous, (session) => session.findUser('alice')),
    ).rejects.toThrow(/0x20/)
  })

  it('reads groups with member/uniqueMember filters and from memberOf with nesting', async () => {
    const byFilter = await withServiceSession(settingsFor(), (session) =>
      session.userGroups({ dn: alice, username: 'alice' }),
    )
    expect(byFilter.sort()).toEqual([
      `cn=app-admins,ou=groups,${BASE_DN}`,
      `cn=devs,ou=groups,${BASE_DN}`,
    ])
    const byMemberOf = await withServiceSession(
      settingsFor({ LOOKOUT_LDAP_USER_GROUPS_ATTRIBUTE: 'memberOf' }),
      (session) => session.userGroups({ dn: alice, username: 'alice' }),
    )
    // engineering contains devs, so alice is in it too.
    expect(byMemberOf).toEqual(
      expect.arrayContaining([
        `cn=devs,ou=groups,${BASE_DN}`,
        `cn=engineering,ou=groups,${BASE_DN}`,
      ]),
    )
  })

  it('reports a search beyond either size limit instead of a partial list', async () => {
    // twelve team-NN groups; the directory answers at most ten entries per search
    await expect(
      withServiceSession(settingsFor(), (session) => session.searchGroups('team')),
    ).rejects.toBeInstanceOf(TooManyResults)
    const search = (limit: string) =>
      withServiceSession(settingsFor({ LOOKOUT_LDAP_GROUPS_SIZE_LIMIT: limit }), (session) =>
        session.searchGroups('team-0'),
      )
    expect(await search('9')).toHaveLength(9)
    await expect(search('8')).rejects.toBeInstanceOf(TooManyResults)
  })

  it('speaks ldaps:// and StartTLS, trusting only the configured authority', async () => {
    const ldaps = settingsFor({
      ALPINE_LDAP_SERVER_URL: slapd.ldapsUrl!,
      LOOKOUT_LDAP_TLS_CA_FILE: slapd.caFile!,
    })
    expect(await passwordMatches(ldaps, alice, 'alice-secret')).toBe(true)
    const startTls = settingsFor({
      ALPINE_LDAP_SERVER_URL: slapd.url.replace('127.0.0.1', 'localhost'),
      LOOKOUT_LDAP_STARTTLS: 'true',
      LOOKOUT_LDAP_TLS_CA_FILE: slapd.caFile!,
    })
    expect(await passwordMatches(startTls, alice, 'alice-secret')).toBe(true)
    const untrusted = settingsFor({ ALPINE_LDAP_SERVER_URL: slapd.ldapsUrl! })
    await expect(passwordMatches(untrusted, alice, 'alice-secret')).rejects.toThrow()
  })
})
