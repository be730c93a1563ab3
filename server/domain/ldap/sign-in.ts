import type { AppContext } from '../../context.ts'
import { insertLdapUser } from '../../data/ldap-users.ts'
import { findUser } from '../../data/users.ts'
import type { LoginOutcome } from '../auth/login.ts'
import { applyDirectoryEntry } from './accounts.ts'
import { passwordMatches, withServiceSession } from './directory.ts'
import type { LdapSettings } from './settings.ts'

type SignInContext = Pick<AppContext, 'db' | 'logger'>

/**
 * Alpine's LdapAuthenticationService: the password is checked by binding as the user (with the DN
 * already stored, else the DN found through the service account). A known LDAP user then signs in;
 * an unknown one is provisioned when that is on, else refused as UNMAPPED_ACCOUNT. Lookout also
 * refreshes a known user's groups and teams at sign-in when team synchronisation is on.
 */
export async function authenticateLdapUser(
  ctx: SignInContext,
  settings: LdapSettings,
  username: string,
  password: string,
): Promise<LoginOutcome> {
  const existing = await findUser(ctx.db, 'LDAP', username)
  let valid = false
  try {
    valid = await credentialsValid(settings, existing?.dn ?? null, username, password)
  } catch (error) {
    // As Alpine: an unreachable or failing directory refuses the sign-in like a wrong password.
    ctx.logger.error({ err: errorSummary(error), username }, 'LDAP credential check failed')
  }
  if (!valid) return { ok: false, cause: 'INVALID_CREDENTIALS' }

  if (existing) {
    if (settings.teamSynchronization) await refreshAtSignIn(ctx, settings, existing)
    return { ok: true, user: existing }
  }
  if (!settings.userProvisioning) return { ok: false, cause: 'UNMAPPED_ACCOUNT' }
  return provision(ctx, settings, username)
}

async function credentialsValid(
  settings: LdapSettings,
  storedDn: string | null,
  username: string,
  password: string,
) {
  if (password === '') return false
  if (storedDn?.includes('=')) return passwordMatches(settings, storedDn, password)
  const entry = await withServiceSession(settings, (session) => session.findUser(username))
  return entry ? passwordMatches(settings, entry.dn, password) : false
}

async function refreshAtSignIn(
  ctx: SignInContext,
  settings: LdapSettings,
  user: { id: number; username: string },
) {
  try {
    await withServiceSession(settings, async (session) => {
      const entry = await session.findUser(user.username)
      // The password was just accepted, so a missing entry is a directory hiccup, not a removal.
      if (entry) await applyDirectoryEntry(ctx.db, settings, session, user, entry)
    })
  } catch (error) {
    ctx.logger.warn(
      { err: errorSummary(error), username: user.username },
      'LDAP teams not refreshed at sign-in; the sync task will retry',
    )
  }
}

async function provision(
  ctx: SignInContext,
  settings: LdapSettings,
  username: string,
): Promise<LoginOutcome> {
  try {
    return await withServiceSession(settings, async (session): Promise<LoginOutcome> => {
      const entry = await session.findUser(username)
      if (!entry) {
        ctx.logger.warn(
          { username, attribute: settings.attributeName },
          'LDAP user not found while provisioning; check ALPINE_LDAP_ATTRIBUTE_NAME',
        )
        return { ok: false, cause: 'UNMAPPED_ACCOUNT' }
      }
      const created = await insertLdapUser(ctx.db, {
        username,
        dn: entry.dn,
        email: entry.email ?? null,
      })
      // A concurrent first sign-in may have created the account a moment earlier.
      const user = created ?? (await findUser(ctx.db, 'LDAP', username))
      if (!user) return { ok: false, cause: 'OTHER' }
      await applyDirectoryEntry(ctx.db, settings, session, user, entry)
      return { ok: true, user: (await findUser(ctx.db, 'LDAP', username)) ?? user }
    })
  } catch (error) {
    ctx.logger.error({ err: errorSummary(error), username }, 'LDAP user provisioning failed')
    return { ok: false, cause: 'OTHER' }
  }
}

/** What a log line may say about a directory error: its kind and message, never the request. */
export function errorSummary(error: unknown) {
  return error instanceof Error
    ? { type: error.constructor.name, message: error.message }
    : { message: String(error) }
}
