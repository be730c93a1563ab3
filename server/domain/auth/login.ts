import type { AppContext } from '../../context.ts'
import {
  clearFailures,
  lockedUntil,
  pruneStaleFailures,
  recordFailure,
} from '../../data/login-throttle.ts'
import { effectiveUserPermissions, findUser, type UserRow } from '../../data/users.ts'
import { ldapSettings } from '../ldap/settings.ts'
import { authenticateLdapUser } from '../ldap/sign-in.ts'
import { signToken, type IdentityProvider } from './jwt.ts'
import { spendDummyVerification, verifyPassword } from './passwords.ts'

export type LoginFailure =
  | { ok: false; cause: 'INVALID_CREDENTIALS' | 'SUSPENDED' | 'UNMAPPED_ACCOUNT' | 'OTHER' }
  | { ok: false; cause: 'FORCE_PASSWORD_CHANGE'; user: UserRow }
  | { ok: false; cause: 'THROTTLED'; retryAfterSeconds: number }

export type LoginOutcome = { ok: true; user: UserRow } | LoginFailure

/** Dependency-Track's username limit. */
export const MAX_USERNAME_LENGTH = 255

/** A name no account can have: too long, or with a NUL (which PostgreSQL text cannot hold). */
function impossibleUsername(username: string) {
  return username.length > MAX_USERNAME_LENGTH || username.includes('\0')
}

/**
 * Alpine's Authenticator: the managed user first; when that fails only for wrong credentials and
 * LDAP is configured, the directory. The per-account throttle covers both.
 */
export async function authenticate(
  ctx: AppContext,
  username: string,
  password: string,
): Promise<LoginOutcome> {
  const managed = await authenticateManagedUser(ctx, username, password)
  const ldap = ldapSettings(ctx.env)
  if (managed.ok || managed.cause !== 'INVALID_CREDENTIALS' || !ldap.configured) return managed
  if (impossibleUsername(username)) return managed
  const outcome = await authenticateLdapUser(ctx, ldap, username, password)
  if (outcome.ok) await clearFailures(ctx.db, username)
  return outcome
}

/** Alpine's managed-user authentication, plus a per-account throttle on repeated failures. */
export async function authenticateManagedUser(
  ctx: AppContext,
  username: string,
  password: string,
): Promise<LoginOutcome> {
  const { db, env } = ctx
  if (impossibleUsername(username)) {
    // Answered like any unknown account, after the same work, so the answer says nothing more.
    await spendDummyVerification(env.LOOKOUT_BCRYPT_ROUNDS)
    return { ok: false, cause: 'INVALID_CREDENTIALS' }
  }
  const locked = await lockedUntil(db, username)
  if (locked) return throttled(locked)

  const user = await findUser(db, 'MANAGED', username)
  const valid = user?.password_hash
    ? await verifyPassword(password, user.password_hash)
    : (await spendDummyVerification(env.LOOKOUT_BCRYPT_ROUNDS), false)
  if (!user || !valid) {
    await pruneStaleFailures(db)
    const lockedNow = await recordFailure(
      db,
      username,
      env.LOOKOUT_LOGIN_MAX_FAILURES,
      env.LOOKOUT_LOGIN_LOCK_SECONDS,
    )
    ctx.logger.info({ username, locked: Boolean(lockedNow) }, 'sign-in failed')
    return { ok: false, cause: 'INVALID_CREDENTIALS' }
  }
  await clearFailures(db, username)
  if (user.suspended) return { ok: false, cause: 'SUSPENDED' }
  if (user.force_password_change) return { ok: false, cause: 'FORCE_PASSWORD_CHANGE', user }
  return { ok: true, user }
}

function throttled(until: Date): LoginFailure {
  return {
    ok: false,
    cause: 'THROTTLED',
    retryAfterSeconds: Math.max(1, Math.ceil((until.getTime() - Date.now()) / 1000)),
  }
}

const IDP_BY_KIND: Record<UserRow['kind'], IdentityProvider> = {
  MANAGED: 'LOCAL',
  LDAP: 'LDAP',
  OIDC: 'OPENID_CONNECT',
}

export async function issueToken(ctx: AppContext, user: UserRow): Promise<string> {
  const permissions = await effectiveUserPermissions(ctx.db, user.id)
  return signToken(
    ctx.jwtKey,
    { sub: user.username, idp: IDP_BY_KIND[user.kind], permissions: permissions.join(',') },
    ctx.env.LOOKOUT_JWT_TTL_SECONDS,
  )
}

export const KIND_BY_IDP: Record<IdentityProvider, UserRow['kind']> = {
  LOCAL: 'MANAGED',
  LDAP: 'LDAP',
  OPENID_CONNECT: 'OIDC',
}
