import type { AppContext } from '../../context.ts'
import { insertRevokedToken } from '../../data/revoked-tokens.ts'
import { verifyToken } from './jwt.ts'

/**
 * Sign-out: the presented token stops working now instead of at its expiry. Answers false when
 * there is no valid token to revoke (an API key cannot sign out).
 */
export async function revokeToken(ctx: AppContext, token: string | undefined): Promise<boolean> {
  if (!token) return false
  const claims = await verifyToken(ctx.jwtKey, token)
  if (!claims) return false
  await insertRevokedToken(ctx.db, claims.tokenId, claims.expiresAt)
  return true
}
