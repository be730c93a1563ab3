import { randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify, errors } from 'jose'

export const IDENTITY_PROVIDERS = ['LOCAL', 'LDAP', 'OPENID_CONNECT'] as const
export type IdentityProvider = (typeof IDENTITY_PROVIDERS)[number]

export interface TokenClaims {
  sub: string
  idp: IdentityProvider
  permissions: string
}

export const JWT_ISSUER = 'Dependency-Track'

export async function signToken(
  secret: Uint8Array,
  claims: TokenClaims,
  ttlSeconds: number,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000)
  return new SignJWT({ permissions: claims.permissions, idp: claims.idp })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(JWT_ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .setJti(randomUUID())
    .sign(secret)
}

export interface VerifiedToken {
  sub: string
  idp: IdentityProvider
  /** What sign-out revokes: the jti, or for tokens issued before jti, subject and issue time. */
  tokenId: string
  expiresAt: Date
}

// Clients send the same token with every request: its signature is checked once (an HMAC on the
// thread pool, one more event-loop turn for every request), its expiry every time.
const VERIFIED_TOKENS_KEPT = 1000
const verifiedTokens = new WeakMap<Uint8Array, Map<string, VerifiedToken>>()

/** Returns the claims of a valid, unexpired token signed with our key; undefined otherwise. */
export async function verifyToken(
  secret: Uint8Array,
  token: string,
): Promise<VerifiedToken | undefined> {
  let verified = verifiedTokens.get(secret)
  if (!verified) verifiedTokens.set(secret, (verified = new Map()))
  const known = verified.get(token)
  if (known) {
    if (known.expiresAt.getTime() > Date.now()) return known
    verified.delete(token)
    return undefined
  }
  const claims = await checkToken(secret, token)
  if (claims) {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!)
    verified.set(token, Object.freeze(claims))
  }
  return claims
}

async function checkToken(secret: Uint8Array, token: string): Promise<VerifiedToken | undefined> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] })
    if (typeof payload.sub !== 'string' || payload.sub === '') return undefined
    if (typeof payload.exp !== 'number') return undefined
    const idp = IDENTITY_PROVIDERS.find((candidate) => candidate === payload.idp) ?? 'LOCAL'
    const tokenId =
      typeof payload.jti === 'string' && payload.jti !== ''
        ? payload.jti
        : `${payload.sub}@${payload.iat ?? 0}`
    return { sub: payload.sub, idp, tokenId, expiresAt: new Date(payload.exp * 1000) }
  } catch (error) {
    if (error instanceof errors.JOSEError || error instanceof TypeError) return undefined
    throw error
  }
}
