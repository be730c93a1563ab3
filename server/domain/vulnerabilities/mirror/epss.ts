import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { upsertEpssScores, type EpssScoreRow } from '../../../data/epss-scores.ts'
import {
  beginMirrorRun,
  finishMirrorRun,
  mirrorState,
  recordMirrorProgress,
} from '../../../data/mirror-state.ts'
import type { Queryable } from '../../../db/database.ts'
import { epssRows } from './epss-csv.ts'
import { fetchWithRetry, joinUrl } from './http-retry.ts'
import type { MirrorRunContext, MirrorSource } from './source.ts'
import { batches, bodyStream, gunzipped, openMaybeGzipped } from './streams.ts'

export const DEFAULT_EPSS_URL = 'https://epss.cyentia.com'
const EPSS_FILE = 'epss_scores-current.csv.gz'
/** 4.13 fetches the daily file at most every two days. */
export const EPSS_REFRESH_MS = 2 * 86_400_000
const BATCH_SIZE = 10_000
const RETRY = { retries: 3, delayMs: 5000, retryStatuses: new Set([429, 502, 503, 504]) }

type Fetching = Pick<MirrorRunContext, 'config' | 'fetch' | 'sleep' | 'logger'>

async function downloadScores(context: Fetching): Promise<Readable> {
  const base = (await context.config('vuln-source', 'epss.feeds.url'))?.trim() || DEFAULT_EPSS_URL
  const response = await fetchWithRetry(context, joinUrl(base, EPSS_FILE), {}, RETRY, EPSS_FILE)
  return gunzipped(bodyStream(response))
}

/** Streams the rows into `write` in batches; returns how many there were. */
async function importScores(
  input: Readable,
  write: (rows: EpssScoreRow[]) => Promise<void>,
): Promise<number> {
  let count = 0
  for await (const batch of batches(epssRows(input), BATCH_SIZE)) {
    await write(batch)
    count += batch.length
  }
  return count
}

/** Outside an EPSS run of its own: the scores with EPSS's progress, in one transaction. */
async function writeScoresAndProgress(tx: Queryable, rows: EpssScoreRow[]) {
  await upsertEpssScores(tx, rows)
  await recordMirrorProgress(tx, 'EPSS', { position: null, recordsAdded: rows.length })
}

const runWithContext = (context: MirrorRunContext, input: Readable) =>
  importScores(input, (rows) =>
    context.commit({
      write: (tx) => upsertEpssScores(tx, rows),
      recordCount: rows.length,
      // The daily file replaces itself: a stopped import starts over with the current one.
      position: null,
      currentStep: EPSS_FILE,
    }),
  )

/**
 * EPSS (FIRST's Exploit Prediction Scoring System): the daily `epss_scores-current.csv.gz` from
 * `epss.feeds.url`, streamed and stored by CVE id; the API shows it on NVD-source vulnerabilities.
 * It runs after each NVD run (see refreshEpssAfterNvd), on its own every two days, and at once
 * when asked.
 */
export const epssMirror: MirrorSource = {
  name: 'EPSS',
  cadenceProperty: null,
  defaultCadenceHours: EPSS_REFRESH_MS / 3_600_000,
  initialDelayMs: 60000,
  isEnabled: async (config) => (await config('vuln-source', 'epss.enabled')) === 'true',
  async run(context) {
    await runWithContext(context, await downloadScores(context))
  },
  async importFile(context, file) {
    if (!(await fs.promises.stat(file).catch(() => undefined))?.isFile()) {
      throw new Error(`The EPSS file ${path.basename(file)} is missing`)
    }
    try {
      await runWithContext(context, await openMaybeGzipped(file))
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new Error(`${path.basename(file)}: ${reason}`)
    }
  },
}

/**
 * 4.13 runs EPSS after every NVD mirror; Lookout's mirror runs cannot queue jobs, so the NVD run
 * calls this at its end. It imports the scores when EPSS is enabled, no EPSS run is waiting or
 * running, and the last import is two days old or more. Its progress and outcome are EPSS's own
 * (mirror state EPSS); a failure is recorded there and does not fail the NVD run.
 */
export async function refreshEpssAfterNvd(context: MirrorRunContext): Promise<void> {
  if (!(await epssMirror.isEnabled(context.config))) return
  const state = await mirrorState(context.db, 'EPSS')
  if (state?.status === 'RUNNING' || state?.status === 'QUEUED') return
  const last = state?.last_success_at ? new Date(state.last_success_at).getTime() : 0
  if (Date.now() - last < EPSS_REFRESH_MS) return
  await beginMirrorRun(context.db, 'EPSS')
  await context.step('EPSS scores')
  try {
    const input = await downloadScores(context)
    await importScores(input, (rows) =>
      context.db.transaction((tx) => writeScoresAndProgress(tx, rows)),
    )
    await finishMirrorRun(context.db, 'EPSS', {})
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    context.logger.error({ err: message }, 'EPSS import after the NVD mirror failed')
    await finishMirrorRun(context.db, 'EPSS', { error: message })
  }
}
