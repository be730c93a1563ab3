import type { ConnectionOptions } from 'node:tls'
import { Client, InvalidCredentialsError, SizeLimitExceededError, type Entry } from 'ldapts'
import { parenthesized, userFilter, withSearchTerm, withUser } from './filters.ts'
import type { LdapSettings } from './settings.ts'

/** The directory answered something Alpine treats as a naming error (e.g. a duplicate username). */
export class DirectoryError extends Error {}

/** A group search matched more entries than the size limit allows. */
export class TooManyResults extends Error {}

export interface DirectoryUser {
  dn: string
  email: string | undefined
}

/** Operations run on one connection bound as the service account. */
export interface DirectorySession {
  findUser(username: string): Promise<DirectoryUser | undefined>
  userGroups(user: { dn: string; username: string }): Promise<string[]>
  searchGroups(searchTerm: string): Promise<string[]>
}

function tlsOptions(settings: LdapSettings): ConnectionOptions {
  return {
    rejectUnauthorized: settings.tlsVerify,
    ...(settings.tlsCa ? { ca: settings.tlsCa } : {}),
  }
}

/** A connection (upgraded with StartTLS when asked); the caller unbinds it. */
async function connect(settings: LdapSettings): Promise<Client> {
  const secure = settings.url.toLowerCase().startsWith('ldaps:')
  const client = new Client({
    url: settings.url,
    timeout: settings.timeoutMs,
    connectTimeout: settings.timeoutMs,
    // ldapts speaks TLS from the start whenever TLS options are given: only for ldaps://.
    ...(secure ? { tlsOptions: tlsOptions(settings) } : {}),
    strictDN: false,
  })
  if (settings.startTls && !secure) {
    try {
      await client.startTLS(tlsOptions(settings))
    } catch (error) {
      await close(client)
      throw error
    }
  }
  return client
}

async function close(client: Client) {
  await client.unbind().catch(() => undefined)
}

/** An attribute's first value as text; LDAP attribute names are case-insensitive. */
function attribute(entry: Entry, name: string): string[] {
  const key = Object.keys(entry).find((candidate) => candidate.toLowerCase() === name.toLowerCase())
  const value = key === undefined ? undefined : entry[key]
  if (value === undefined) return []
  const values = Array.isArray(value) ? value : [value]
  return values.map((item) => (typeof item === 'string' ? item : item.toString('utf8')))
}

/**
 * Whether the password is the one of this entry. An empty password is refused before the
 * directory is asked: a simple bind without one is an anonymous bind, which succeeds.
 */
export async function passwordMatches(
  settings: LdapSettings,
  dn: string,
  password: string,
): Promise<boolean> {
  if (dn === '' || password === '') return false
  const client = await connect(settings)
  try {
    await client.bind(dn, password)
    return true
  } catch (error) {
    if (error instanceof InvalidCredentialsError) return false
    throw error
  } finally {
    await close(client)
  }
}

/** Runs `work` on a connection bound as the configured service account (or anonymously). */
export async function withServiceSession<T>(
  settings: LdapSettings,
  work: (session: DirectorySession) => Promise<T>,
): Promise<T> {
  const client = await connect(settings)
  try {
    if (settings.securityAuth === 'simple' && settings.bindDn) {
      await client.bind(settings.bindDn, settings.bindPassword ?? '')
    }
    return await work(session(client, settings))
  } finally {
    await close(client)
  }
}

function session(client: Client, settings: LdapSettings): DirectorySession {
  // No client-side size limit: with one, ldapts hides the server's "size limit exceeded".
  const dnsOf = async (filter: string) => {
    const { searchEntries } = await client.search(settings.baseDn, {
      scope: 'sub',
      filter: parenthesized(filter),
      attributes: ['1.1'],
    })
    return searchEntries.map((entry) => entry.dn)
  }

  return {
    async findUser(username) {
      const { searchEntries } = await client.search(settings.baseDn, {
        scope: 'sub',
        filter: userFilter(settings.attributeName, settings.usernameFormat, username),
        attributes: [settings.attributeMail],
      })
      if (searchEntries.length > 1) {
        throw new DirectoryError(
          'Multiple entries in the directory contain the same username. This scenario is not supported',
        )
      }
      const [entry] = searchEntries
      return entry && { dn: entry.dn, email: attribute(entry, settings.attributeMail)[0] }
    },

    async userGroups(user) {
      if (settings.userGroupsAttribute) {
        const { searchEntries } = await client.search(user.dn, {
          scope: 'base',
          filter: '(objectClass=*)',
          attributes: [settings.userGroupsAttribute],
        })
        const [entry] = searchEntries
        return entry ? attribute(entry, settings.userGroupsAttribute) : []
      }
      return dnsOf(withUser(settings.userGroupsFilter, user))
    },

    async searchGroups(searchTerm) {
      try {
        const dns = await dnsOf(withSearchTerm(settings.groupsSearchFilter, searchTerm))
        if (dns.length > settings.groupsSizeLimit) throw new TooManyResults()
        return dns
      } catch (error) {
        if (error instanceof SizeLimitExceededError) throw new TooManyResults()
        throw error
      }
    },
  }
}
