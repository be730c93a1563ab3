import { errors, jwtVerify } from 'jose'
import type { Discovery, OidcProvider } from './provider.ts'

export type TokenFailure = 'INVALID_CREDENTIALS' | 'OTHER'

export class TokenRejected extends Error {
  constructor(
    readonly cause: TokenFailure,
    readonly reason: string,
  ) {
    super(reason)
  }
}

// A provider signs ID tokens with a key pair; 'none' and shared-secret MACs are refused.
const SIGNING_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
  'Ed25519',
]

/** Nimbus' IDTokenValidator, which 4.13 uses, allows a minute of clock skew. */
const CLOCK_TOLERANCE_SECONDS = 60

/**
 * Checks an ID token as 4.13 does: signed by one of the issuer's keys, from the issuer, for this
 * client (and, with several audiences, authorised for it), not expired. Answers its claims.
 */
export async function verifyIdToken(
  provider: OidcProvider,
  discovery: Discovery,
  clientId: string,
  idToken: string,
): Promise<Record<string, unknown>> {
  try {
    const { payload } = await jwtVerify(idToken, provider.keys(discovery), {
      issuer: discovery.issuer,
      audience: clientId,
      algorithms: SIGNING_ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'iat', 'exp'],
    })
    const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud]
    if (audiences.length > 1 && payload.azp !== undefined && payload.azp !== clientId) {
      throw new TokenRejected('INVALID_CREDENTIALS', 'the token was issued to another party')
    }
    return payload
  } catch (error) {
    if (error instanceof TokenRejected) throw error
    // The keys could not be fetched or read: the provider, not the token, is at fault.
    if (
      error instanceof TypeError ||
      error instanceof errors.JWKSTimeout ||
      error instanceof errors.JWKSInvalid ||
      (error instanceof errors.JOSEError && error.constructor === errors.JOSEError)
    ) {
      throw new TokenRejected('OTHER', 'the issuer’s signing keys could not be fetched')
    }
    if (error instanceof errors.JOSEError)
      throw new TokenRejected('INVALID_CREDENTIALS', error.code)
    throw error
  }
}

/** Asks the provider's UserInfo endpoint who the access token belongs to. */
export async function fetchUserInfo(
  discovery: Discovery,
  accessToken: string,
): Promise<Record<string, unknown>> {
  if (!discovery.userinfo_endpoint) throw new TokenRejected('OTHER', 'no userinfo_endpoint')
  let response: Response
  try {
    response = await fetch(discovery.userinfo_endpoint, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
      signal: AbortSignal.timeout(5000),
    })
  } catch {
    throw new TokenRejected('OTHER', 'the UserInfo endpoint is unreachable')
  }
  if (!response.ok) {
    await response.body?.cancel()
    // The provider refused the token (401, 403) or failed; 4.13 answers both INVALID_CREDENTIALS.
    throw new TokenRejected('INVALID_CREDENTIALS', `UserInfo answered ${response.status}`)
  }
  const body: unknown = await response.json().catch(() => undefined)
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw new TokenRejected('OTHER', 'the UserInfo answer is not a JSON object')
  }
  return body as Record<string, unknown>
}
