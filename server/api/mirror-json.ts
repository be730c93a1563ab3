import type { z } from 'zod'
import type { MirrorStatus } from '../domain/vulnerabilities/mirror/status.ts'
import { MirrorStatusShape } from '../../common/mirror-shapes.ts'

export const MirrorStatusJson = MirrorStatusShape

const epoch = (date: Date | string | null | undefined) =>
  date === null || date === undefined ? undefined : new Date(date).getTime()
const orUndefined = <T>(value: T | null | undefined) => value ?? undefined

export function mirrorStatusJson({
  source,
  enabled,
  state,
}: MirrorStatus): z.infer<typeof MirrorStatusJson> {
  return {
    source,
    enabled,
    status: state?.status ?? 'IDLE',
    recordsDone: state?.records_done ?? 0,
    recordsTotal: orUndefined(state?.records_total),
    currentStep: orUndefined(state?.current_step),
    startedAt: epoch(state?.started_at),
    finishedAt: epoch(state?.finished_at),
    lastSuccessAt: epoch(state?.last_success_at),
    lastError: orUndefined(state?.last_error),
    lastErrorAt: epoch(state?.last_error_at),
  }
}
