import type { AppContext } from '../../context.ts'
import type { Queryable } from '../../db/database.ts'
import * as keys from '../../data/api-keys.ts'
import { textError } from '../../lib/errors.ts'
import { decodeApiKey, generateApiKey } from '../auth/api-keys.ts'
import { requireTeam } from './teams.ts'

const MAX_COMMENT_LENGTH = 255

/** A key named by its public ID or by the full key (as DT accepts both). */
async function requireKey(ctx: AppContext, publicIdOrKey: string) {
  const byId = await keys.findApiKey(ctx.db, publicIdOrKey)
  if (byId) return byId
  const decoded = decodeApiKey(ctx.env.LOOKOUT_API_KEY_PREFIX, publicIdOrKey)
  const key = decoded && (await keys.findApiKey(ctx.db, decoded.publicId))
  if (!key) throw textError(404, 'The API key could not be found.')
  return key
}

export const EXPIRY_IN_THE_PAST = 'The expiry date must be in the future.'

/** Beyond 4.13 (DT#7316): epoch ms when a key stops working; null or absent: never. */
function expiryDate(expires: number | null | undefined, now = Date.now()) {
  if (expires === undefined || expires === null) return null
  if (expires <= now) throw textError(400, EXPIRY_IN_THE_PAST)
  return new Date(expires)
}

/** A new key for the team; the clear key is returned only here. */
export async function generateTeamKey(ctx: AppContext, teamUuid: string, expires?: number | null) {
  const expiry = expiryDate(expires)
  const team = await requireTeam(ctx.db, teamUuid)
  const generated = { ...generateApiKey(ctx.env.LOOKOUT_API_KEY_PREFIX), expires: expiry }
  const row = await ctx.db.transaction((tx) => keys.insertApiKey(tx, team.id, generated))
  return { row, clearKey: generated.key }
}

/** A new secret behind the same public ID. */
export async function regenerateKey(ctx: AppContext, publicIdOrKey: string) {
  const existing = await requireKey(ctx, publicIdOrKey)
  const generated = generateApiKey(ctx.env.LOOKOUT_API_KEY_PREFIX, existing.public_id)
  const row = await keys.replaceSecret(ctx.db, existing.id, generated.secretHash)
  return { row, clearKey: generated.key }
}

export async function setKeyComment(ctx: AppContext, publicIdOrKey: string, comment: string) {
  const existing = await requireKey(ctx, publicIdOrKey)
  if (comment.length > MAX_COMMENT_LENGTH) {
    throw textError(400, 'The comment may not be longer than 255 characters.')
  }
  return keys.setComment(ctx.db, existing.id, comment === '' ? null : comment)
}

/** Sets or clears when a key expires; an expired key may be given a new date to revive it. */
export async function setKeyExpiry(
  ctx: AppContext,
  publicIdOrKey: string,
  expires: number | null | undefined,
) {
  const expiry = expiryDate(expires)
  const existing = await requireKey(ctx, publicIdOrKey)
  return keys.setExpires(ctx.db, existing.id, expiry)
}

export async function revokeKey(ctx: AppContext, publicIdOrKey: string) {
  const existing = await requireKey(ctx, publicIdOrKey)
  await keys.deleteApiKey(ctx.db, existing.id)
}

/** Stores the "last used" times collected in memory (public ID → epoch ms). */
export const recordKeyUsage = (db: Queryable, usage: Record<string, number>) =>
  keys.recordLastUsed(db, usage)
