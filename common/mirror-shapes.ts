import { z } from 'zod'

/** The mirrors Lookout runs: 4.13's three vulnerability sources, EPSS, and (beyond 4.13) CISA KEV. */
export const MIRROR_SOURCES = ['NVD', 'GITHUB', 'OSV', 'EPSS', 'KEV'] as const
export type MirrorSourceName = (typeof MIRROR_SOURCES)[number]

export const MIRROR_STATUSES = ['IDLE', 'QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED'] as const

/**
 * Lookout's own (additive) mirror status, `GET /api/v1/mirror`: one entry per source, dates epoch
 * ms, nulls omitted. The server serialises through it; the console reads it with `.loose()`.
 */
export const MirrorStatusShape = z.object({
  source: z.enum(MIRROR_SOURCES),
  enabled: z.boolean(),
  status: z.enum(MIRROR_STATUSES),
  recordsDone: z.number(),
  recordsTotal: z.number().optional(),
  currentStep: z.string().optional(),
  startedAt: z.number().optional(),
  finishedAt: z.number().optional(),
  lastSuccessAt: z.number().optional(),
  lastError: z.string().optional(),
  lastErrorAt: z.number().optional(),
})
