import { z } from 'zod'
import type { AppContext } from '../context.ts'
import { recordKeyUsage } from '../domain/teams/api-keys.ts'
import type { JobHandler } from './worker.ts'

export const API_KEY_USAGE_JOB = 'apiKey.lastUsed.flush'
const UsagePayload = z.record(z.string(), z.number())

/** Moves the in-memory "last used" times into a durable job, as Alpine flushes them every 30 s. */
export async function flushApiKeyUsage(ctx: AppContext) {
  if (ctx.apiKeyUsage.size === 0) return undefined
  const usage = Object.fromEntries(ctx.apiKeyUsage)
  ctx.apiKeyUsage.clear()
  return ctx.enqueue(ctx.db, API_KEY_USAGE_JOB, usage)
}

export const applyApiKeyUsage: JobHandler = async (payload, { db }) => {
  await recordKeyUsage(db, UsagePayload.parse(payload))
}
