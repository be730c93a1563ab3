import type { Queryable } from '../../../db/database.ts'
import { setConfigPropertyValue } from '../../../data/config-properties.ts'
import { fetchWithRetry } from './http-retry.ts'
import { mapNvdItems, NVD_WRITE_OPTIONS } from './nvd-mapping.ts'
import {
  DEFAULT_NVD_API_URL,
  NVD_RETRY_STATUSES,
  nvdConfig,
  type NvdSettings,
} from './nvd-settings.ts'
import type { MirrorRunContext } from './source.ts'

const WINDOW_MS = 120 * 86_400_000
export const LAST_MODIFIED_PROPERTY = 'nvd.api.last.modified.epoch.seconds'

/**
 * Where an API run stands, committed with every page: the run's end (`until`, fixed when the run
 * began), the current lastModified window's start (`from`; null for a full mirror) and the index
 * of the next CVE in it. A run that dies resumes at exactly this page.
 */
export interface NvdApiPosition {
  kind: 'nvd-api'
  url: string
  until: number
  from: number | null
  startIndex: number
  done?: boolean
}

interface NvdApiPage {
  totalResults: number
  vulnerabilities: unknown[]
}

const windowEnd = (position: NvdApiPosition) =>
  position.from === null ? null : Math.min(position.from + WINDOW_MS, position.until)

/** NVD wants an explicit offset: `2024-01-01T00:00:00.000+00:00`. */
const nvdTimestamp = (ms: number) => new Date(ms).toISOString().replace('Z', '+00:00')
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)

function pageUrl(position: NvdApiPosition, pageSize: number): string {
  const url = new URL(position.url)
  url.searchParams.set('resultsPerPage', String(pageSize))
  url.searchParams.set('startIndex', String(position.startIndex))
  const end = windowEnd(position)
  if (position.from !== null && end !== null) {
    url.searchParams.set('lastModStartDate', nvdTimestamp(position.from))
    url.searchParams.set('lastModEndDate', nvdTimestamp(end))
  }
  return url.toString()
}

/** What the position covers, for the console: `all CVEs` or `CVEs modified 2024-01-01 – …`. */
function scopeOf(position: NvdApiPosition) {
  const end = windowEnd(position)
  return position.from === null || end === null
    ? 'all CVEs'
    : `CVEs modified ${day(position.from)} – ${day(end)}`
}

const describe = (position: NvdApiPosition) =>
  `NVD API page ${scopeOf(position)}, startIndex ${position.startIndex}`

function validPage(body: unknown): body is NvdApiPage {
  const page = body as NvdApiPage | null
  return (
    typeof page === 'object' &&
    page !== null &&
    typeof page.totalResults === 'number' &&
    Array.isArray(page.vulnerabilities)
  )
}

/** The position to go on from: the stored one if it belongs to an unfinished API run here. */
function resumable(stored: unknown, url: string): NvdApiPosition | undefined {
  const position = stored as NvdApiPosition | null
  if (position?.kind !== 'nvd-api' || position.url !== url || position.done) return undefined
  const numbers = [position.until, position.startIndex, position.from ?? 0]
  return numbers.every((value) => Number.isFinite(value)) ? position : undefined
}

/** A new run: everything, or what changed since the stored marker, up to now. */
async function freshPosition(context: MirrorRunContext, url: string, now: number) {
  const marker = Number(await nvdConfig(context, LAST_MODIFIED_PROPERTY)) || 0
  const from = marker > 0 ? Math.min(marker * 1000, now) : null
  return { kind: 'nvd-api', url, until: now, from, startIndex: 0 } satisfies NvdApiPosition
}

/** The next position after a page, or a finished one when the last window is exhausted. */
function advance(position: NvdApiPosition, page: NvdApiPage): NvdApiPosition {
  const startIndex = position.startIndex + page.vulnerabilities.length
  if (page.vulnerabilities.length > 0 && startIndex < page.totalResults) {
    return { ...position, startIndex }
  }
  const end = windowEnd(position)
  if (end === null || end >= position.until) return { ...position, startIndex, done: true }
  return { ...position, from: end, startIndex: 0 }
}

/**
 * Mirrors NVD's CVE API 2.0 (dt-behaviour §2.6): everything on the first run, then only CVEs
 * modified since the stored `nvd.api.last.modified.epoch.seconds`, in windows of at most 120
 * days up to now, in pages of 2,000 (the next page is fetched while this one is written). The
 * marker moves to the run's start only when the run completes, in the last page's transaction.
 */
export async function mirrorNvdApi(context: MirrorRunContext, settings: NvdSettings) {
  const url = (await nvdConfig(context, 'nvd.api.url')) ?? DEFAULT_NVD_API_URL
  const apiKey = await nvdConfig(context, 'nvd.api.key')
  const delayMs = settings.delayMs(apiKey !== null)
  const headers: Record<string, string> = apiKey ? { apiKey } : {}
  const policy = { retries: settings.retries, delayMs, retryStatuses: NVD_RETRY_STATUSES }

  let position = resumable(context.state.position, url)
  let recordsDone = position ? Number(context.state.records_done) : 0
  if (position) context.logger.info({ position: describe(position) }, 'NVD API mirror resumes')
  else position = await freshPosition(context, url, settings.now().getTime())

  let lastRequestAt = 0
  const fetchPage = async (at: NvdApiPosition): Promise<NvdApiPage> => {
    const wait = lastRequestAt + delayMs - Date.now()
    if (lastRequestAt > 0 && wait > 0) await context.sleep(wait)
    lastRequestAt = Date.now()
    const what = describe(at)
    const url = pageUrl(at, settings.pageSize)
    const text = await fetchWithRetry(context, url, headers, policy, what, (r) => r.text())
    let body: unknown
    try {
      body = JSON.parse(text)
    } catch (error) {
      throw new Error(`${what} is not valid JSON: ${(error as Error).message}`)
    }
    if (!validPage(body)) {
      throw new Error(`${what} is not a CVE API 2.0 response (no totalResults/vulnerabilities)`)
    }
    return body
  }

  const until = position.until
  let pending = fetchPage(position)
  for (;;) {
    const page = await pending
    const next = advance(position, page)
    if (!next.done) {
      pending = fetchPage(next)
      pending.catch(() => undefined) // awaited on the next turn; a failed commit drops it
    }
    const records = mapNvdItems(page.vulnerabilities, describe(position))
    recordsDone += records.length
    const remaining = Math.max(0, page.totalResults - position.startIndex - records.length)
    await context.commit({
      records,
      writeOptions: NVD_WRITE_OPTIONS,
      position: next,
      recordsTotal: recordsDone + remaining,
      currentStep: `${scopeOf(position)}: ${position.startIndex + records.length} of ${page.totalResults}`,
      write: next.done ? (tx) => storeLastModified(tx, until) : undefined,
    })
    if (next.done) return
    position = next
  }
}

async function storeLastModified(tx: Queryable, untilMs: number) {
  const seconds = String(Math.floor(untilMs / 1000))
  await setConfigPropertyValue(tx, 'vuln-source', LAST_MODIFIED_PROPERTY, seconds)
}
