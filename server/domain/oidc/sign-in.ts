import type { AppContext } from '../../context.ts'
import type { Queryable } from '../../db/database.ts'
import * as oidcGroups from '../../data/oidc-groups.ts'
import * as oidcUsers from '../../data/oidc-users.ts'
import { findUser, recordSeenGroups, type UserRow } from '../../data/users.ts'
import { isComplete, mergeProfiles, profileFrom, type OidcProfile } from './profile.ts'
import { oidcProvider } from './provider.ts'
import { fetchUserInfo, TokenRejected, verifyIdToken } from './tokens.ts'

export type OidcSignInCause = 'INVALID_CREDENTIALS' | 'SUSPENDED' | 'UNMAPPED_ACCOUNT' | 'OTHER'

export type OidcSignInOutcome =
  | { status: 'unavailable' }
  | { status: 'signed-in'; user: UserRow }
  | { status: 'refused'; cause: OidcSignInCause }

class Refused extends Error {
  constructor(readonly cause: OidcSignInCause) {
    super(cause)
  }
}

/**
 * POST /user/oidc/login (dt-api-admin §2.5, Alpine's OidcAuthenticationService): the ID token's
 * claims when they are enough, else the UserInfo answer for the access token, else both merged.
 */
export async function signInWithOidc(
  ctx: AppContext,
  tokens: { idToken?: string; accessToken?: string },
): Promise<OidcSignInOutcome> {
  const provider = oidcProvider(ctx)
  const discovery = await provider.discovery()
  const { idToken, accessToken } = tokens
  if (!discovery || (!idToken && !accessToken)) return { status: 'unavailable' }
  const { env } = ctx
  const teamSync = env.OIDC_TEAM_SYNCHRONIZATION
  const claims = { usernameClaim: env.OIDC_USERNAME_CLAIM, teamsClaim: env.OIDC_TEAMS_CLAIM }
  try {
    let fromIdToken: OidcProfile | undefined
    if (idToken) {
      if (!env.OIDC_CLIENT_ID) throw new TokenRejected('OTHER', 'OIDC_CLIENT_ID is not set')
      const verified = await verifyIdToken(provider, discovery, env.OIDC_CLIENT_ID, idToken)
      fromIdToken = profileFrom(verified, claims)
      if (isComplete(fromIdToken, teamSync)) return await signedIn(ctx, fromIdToken)
    }
    let fromUserInfo: OidcProfile | undefined
    if (accessToken) {
      fromUserInfo = profileFrom(await fetchUserInfo(discovery, accessToken), claims)
      // OpenID Connect Core §5.3.2: an answer about another subject than the ID token's is void.
      if (fromIdToken && fromUserInfo.subject !== fromIdToken.subject) {
        throw new TokenRejected('INVALID_CREDENTIALS', 'UserInfo names another subject')
      }
      // The ID token vouches for who signed in; UserInfo may only fill in what it lacks.
      const profile = fromIdToken ? mergeProfiles(fromIdToken, fromUserInfo) : fromUserInfo
      if (isComplete(profile, teamSync)) return await signedIn(ctx, profile)
    }
    ctx.logger.warn(
      { usernameClaim: claims.usernameClaim, teamsClaim: teamSync ? claims.teamsClaim : undefined },
      'OpenID Connect sign-in refused: the provider’s claims lack the subject, username or groups',
    )
    return { status: 'refused', cause: 'OTHER' }
  } catch (error) {
    if (error instanceof TokenRejected) {
      ctx.logger.info({ reason: error.reason }, 'OpenID Connect sign-in refused')
      return { status: 'refused', cause: error.cause }
    }
    if (error instanceof Refused) return { status: 'refused', cause: error.cause }
    throw error
  }
}

async function signedIn(ctx: AppContext, profile: OidcProfile) {
  const user = await ctx.db.transaction((tx) => resolveUser(ctx, tx, profile))
  return { status: 'signed-in' as const, user }
}

/** The existing OIDC user with that name, or a provisioned one; then their teams. */
async function resolveUser(ctx: AppContext, tx: Queryable, profile: OidcProfile): Promise<UserRow> {
  const username = profile.username!
  const subject = profile.subject!
  const email = profile.email ?? null
  const { env } = ctx
  let user = await findUser(tx, 'OIDC', username)
  let provisioned = false
  if (user) {
    if (user.subject_identifier !== null && user.subject_identifier !== subject) {
      // Another account at the provider now carries this name: never let it take this one over.
      ctx.logger.warn({ username }, 'OpenID Connect sign-in refused: the subject has changed')
      throw new Refused('INVALID_CREDENTIALS')
    }
    if (user.subject_identifier !== subject || user.email !== email) {
      await oidcUsers.updateOidcIdentity(tx, user.id, { subject, email })
    }
  } else {
    if (!env.OIDC_USER_PROVISIONING) throw new Refused('UNMAPPED_ACCOUNT')
    await oidcUsers.insertOidcUser(tx, { username, subject, email })
    user = (await findUser(tx, 'OIDC', username))!
    provisioned = true
  }
  await recordSeenGroups(tx, user.id, profile.groups ?? null)
  // Beyond 4.13 (DT#6318): teams follow the groups from the very first sign-in, including an
  // account an administrator created beforehand (4.13 skipped synchronisation then).
  if (env.OIDC_TEAM_SYNCHRONIZATION) {
    await oidcGroups.synchroniseOidcTeams(tx, user.id, profile.groups ?? [])
  } else if (provisioned && env.OIDC_TEAMS_DEFAULT.length > 0) {
    await oidcUsers.addToTeamsNamed(tx, user.id, env.OIDC_TEAMS_DEFAULT)
  }
  return (await findUser(tx, 'OIDC', username))!
}
