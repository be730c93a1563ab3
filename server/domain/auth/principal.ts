import type { AppContext } from '../../context.ts'
import { findApiKeyWithPermissions, type ApiKeyRow } from '../../data/api-keys.ts'
import { findSignedInUser, type UserRow } from '../../data/users.ts'
import { textError } from '../../lib/errors.ts'
import { decodeApiKey, secretMatches } from './api-keys.ts'
import { verifyToken } from './jwt.ts'
import { KIND_BY_IDP } from './login.ts'

export type Principal =
  | { kind: 'user'; user: UserRow; permissions: ReadonlySet<string> }
  | { kind: 'apiKey'; apiKey: ApiKeyRow; permissions: ReadonlySet<string> }

export interface Credentials {
  apiKey?: string
  jwt?: string
}

export const API_KEY_EXPIRED = 'The API key has expired.'

/**
 * The credentials of a request. `query` is passed only by the endpoints 4.13 lets take the key
 * as `?apiKey=` (the badges); the header wins when both are there.
 */
export function credentialsFrom(
  headers: Record<string, string | string[] | undefined>,
  query?: { apiKey?: unknown },
) {
  const header = (name: string) => {
    const value = headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  const credentials: Credentials = {}
  const queryKey = typeof query?.apiKey === 'string' ? query.apiKey : undefined
  const apiKey = header('x-api-key') || queryKey
  if (apiKey) credentials.apiKey = apiKey.trim()
  const cookieToken = /(?:^|;\s*)Authorization-Token=([^;]+)/.exec(header('cookie') ?? '')?.[1]
  const bearer = /^Bearer\s+(.+)$/i.exec(header('authorization') ?? '')?.[1]
  const jwt = cookieToken ?? bearer
  if (jwt) credentials.jwt = jwt.trim()
  return credentials
}

/**
 * Alpine's order: the API key is read first, a JWT (cookie, then bearer) replaces it.
 * Any credential that is present but invalid makes the request unauthenticated; an expired API
 * key (beyond 4.13, DT#7316) throws a 401 that says so.
 * Permissions always come from the database, never from the token.
 */
export async function resolvePrincipal(
  ctx: AppContext,
  credentials: Credentials,
): Promise<Principal | undefined> {
  let principal: Principal | undefined
  if (credentials.apiKey !== undefined) {
    principal = await apiKeyPrincipal(ctx, credentials.apiKey)
    if (!principal) return undefined
  }
  if (credentials.jwt !== undefined) {
    const claims = await verifyToken(ctx.jwtKey, credentials.jwt)
    if (!claims) return undefined
    const found = await findSignedInUser(
      ctx.db,
      KIND_BY_IDP[claims.idp],
      claims.sub,
      claims.tokenId,
    )
    if (!found || found.revoked) return undefined
    const { user, permissions } = found
    if (user.kind === 'MANAGED' && user.suspended) return undefined
    principal = { kind: 'user', user, permissions: new Set(permissions) }
  }
  return principal
}

async function apiKeyPrincipal(ctx: AppContext, key: string): Promise<Principal | undefined> {
  const decoded = decodeApiKey(ctx.env.LOOKOUT_API_KEY_PREFIX, key)
  if (!decoded) return undefined
  const found = await findApiKeyWithPermissions(ctx.db, decoded.publicId)
  if (!found || !secretMatches(decoded.secret, found.apiKey.secret_hash)) return undefined
  const { apiKey, permissions } = found
  if (apiKey.expires && apiKey.expires.getTime() <= Date.now()) {
    throw textError(401, API_KEY_EXPIRED)
  }
  ctx.apiKeyUsage.set(apiKey.public_id, Date.now())
  return {
    kind: 'apiKey',
    apiKey,
    permissions: new Set(permissions),
  }
}
