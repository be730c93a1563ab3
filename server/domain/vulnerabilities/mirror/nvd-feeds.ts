import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { z } from 'zod'
import type { Queryable } from '../../../db/database.ts'
import { readMirrorMarker, writeMirrorMarker } from '../../../data/mirror-markers.ts'
import { fetchWithRetry, joinUrl, type RetryPolicy } from './http-retry.ts'
import { mapNvdItems, NVD_WRITE_OPTIONS } from './nvd-mapping.ts'
import {
  DEFAULT_NVD_FEEDS_URL,
  NVD_RETRY_STATUSES,
  nvdConfig,
  type NvdSettings,
} from './nvd-settings.ts'
import type { MirrorRunContext } from './source.ts'
import { batches, bodyStream, nvdVulnerabilityItems, openMaybeGzipped } from './streams.ts'

const FIRST_YEAR = 2002

/** What a feed's `.meta` file says of its uncompressed JSON. */
export interface FeedMeta {
  sha256: string
  size: number
}

/** Where a feeds run stands: the feed being read (its content by hash) and the CVEs committed. */
export interface NvdFeedPosition {
  kind: 'nvd-feeds'
  base: string
  feed: string
  sha256: string
  items: number
}

/** Parses `key:value` lines (`lastModifiedDate:…`, `size:…`, `sha256:…`). */
export function parseFeedMeta(text: string): FeedMeta | undefined {
  const fields = new Map<string, string>()
  for (const line of text.split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim())
  }
  const sha256 = fields.get('sha256')?.toLowerCase()
  const size = Number(fields.get('size'))
  if (!sha256 || !/^[0-9a-f]{64}$/.test(sha256) || !Number.isSafeInteger(size)) return undefined
  return { sha256, size }
}

/** The 2.0 feeds 4.13.6 reads: every year from 2002 to this one, then the recently modified. */
export function feedNames(now: Date): string[] {
  const names: string[] = []
  for (let year = FIRST_YEAR; year <= now.getUTCFullYear(); year++) names.push(String(year))
  return [...names, 'modified']
}

const feedPath = (feed: string) => `json/cve/2.0/nvdcve-2.0-${feed}`

/** What the NVD marker (mirror_state.marker) keeps: the content hash last imported per feed. */
const importedFeedsSchema = z.object({ importedFeeds: z.record(z.string(), z.string()) })

/**
 * Downloaded feeds live in the work folder; which content was imported lives in the database
 * (the NVD marker), so a fresh database re-imports every feed even when the folder survives.
 */
class FeedStore {
  constructor(
    readonly dir: string,
    private readonly db: Queryable,
  ) {}
  file = (feed: string) => path.join(this.dir, `nvdcve-2.0-${feed}.json.gz`)
  /** The meta of the file on disk, written once its content was checked against it. */
  private metaFile = (feed: string) => path.join(this.dir, `nvdcve-2.0-${feed}.meta`)

  async downloaded(feed: string): Promise<FeedMeta | undefined> {
    const text = await fs.promises.readFile(this.metaFile(feed), 'utf8').catch(() => undefined)
    const meta = text === undefined ? undefined : parseFeedMeta(text)
    return meta && fs.existsSync(this.file(feed)) ? meta : undefined
  }
  async markDownloaded(feed: string, meta: FeedMeta) {
    await fs.promises.writeFile(this.metaFile(feed), `size:${meta.size}\nsha256:${meta.sha256}\n`)
  }
  private async importedFeeds(): Promise<Record<string, string>> {
    const marker = importedFeedsSchema.safeParse(await readMirrorMarker(this.db, 'NVD'))
    return marker.success ? marker.data.importedFeeds : {}
  }
  async imported(feed: string) {
    return (await this.importedFeeds())[feed] ?? ''
  }
  async markImported(feed: string, sha256: string) {
    const importedFeeds = { ...(await this.importedFeeds()), [feed]: sha256 }
    await writeMirrorMarker(this.db, 'NVD', { importedFeeds })
  }
}

/** Hashes the uncompressed content, as NVD's `.meta` describes it. */
async function contentDigest(file: string): Promise<FeedMeta> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of await openMaybeGzipped(file)) {
    hash.update(chunk as Buffer)
    size += (chunk as Buffer).length
  }
  return { sha256: hash.digest('hex'), size }
}

/**
 * NVD's JSON 2.0 feeds (`nvd.feeds.url`): each feed's `.meta` is read first and an unchanged
 * feed is skipped; a changed one is downloaded to the work folder, checked against its `.meta`,
 * then (when `importing`) streamed into the catalogue in batches, each committed with the
 * position so a killed run resumes inside the feed. With API mirroring and
 * `nvd.api.download.feeds`, the files are only kept (for tools that read NVD feeds).
 */
export async function mirrorNvdFeeds(
  context: MirrorRunContext,
  settings: NvdSettings,
  { importing }: { importing: boolean },
) {
  const base = (await nvdConfig(context, 'nvd.feeds.url')) ?? DEFAULT_NVD_FEEDS_URL
  const store = new FeedStore(path.join(context.workDir, 'feeds'), context.db)
  await fs.promises.mkdir(store.dir, { recursive: true })
  const policy = {
    retries: settings.retries,
    delayMs: settings.delayMs(false),
    retryStatuses: NVD_RETRY_STATUSES,
  }
  const names = feedNames(settings.now())

  const stored = context.state.position as NvdFeedPosition | null
  const resume =
    importing && stored?.kind === 'nvd-feeds' && stored.base === base ? stored : undefined
  const firstFeed = resume ? Math.max(0, names.indexOf(resume.feed)) : 0

  for (const feed of names.slice(firstFeed)) {
    const metaUrl = joinUrl(base, `${feedPath(feed)}.meta`)
    const what = `NVD feed ${feed} .meta`
    const metaText = await fetchWithRetry(context, metaUrl, {}, policy, what, (r) => r.text())
    const meta = parseFeedMeta(metaText)
    if (!meta) throw new Error(`NVD feed ${feed}: its .meta has no sha256 and size`)
    const skipItems = resume?.feed === feed && resume.sha256 === meta.sha256 ? resume.items : 0
    if (importing && skipItems === 0 && (await store.imported(feed)) === meta.sha256) continue

    if ((await store.downloaded(feed))?.sha256 !== meta.sha256) {
      await context.step(`Downloading NVD feed ${feed}`)
      await download(context, joinUrl(base, `${feedPath(feed)}.json.gz`), store.file(feed), policy)
      const actual = await contentDigest(store.file(feed))
      if (actual.sha256 !== meta.sha256 || actual.size !== meta.size) {
        throw new Error(
          `NVD feed ${feed} does not match its .meta (sha256 ${actual.sha256}, ${actual.size} bytes; expected ${meta.sha256}, ${meta.size} bytes)`,
        )
      }
      await store.markDownloaded(feed, meta)
    }
    if (!importing) continue
    await importFeed(context, settings, store.file(feed), {
      describe: `NVD feed ${feed}`,
      skipItems,
      position: (items) => ({ kind: 'nvd-feeds', base, feed, sha256: meta.sha256, items }),
    })
    await store.markImported(feed, meta.sha256)
  }
}

async function download(context: MirrorRunContext, url: string, file: string, policy: RetryPolicy) {
  const partial = `${file}.part`
  await fetchWithRetry(context, url, {}, policy, `NVD feed ${path.basename(url)}`, (response) =>
    pipeline(bodyStream(response), fs.createWriteStream(partial)),
  )
  await fs.promises.rename(partial, file)
}

/**
 * Streams one NVD 2.0 document (feed or API page dump, gzipped or not) into the catalogue in
 * batches of `pageSize`; `skipItems` CVEs already committed by a run that stopped are read past.
 * Returns how many CVEs it held.
 */
export async function importFeed(
  context: MirrorRunContext,
  settings: NvdSettings,
  file: string,
  options: { describe: string; skipItems: number; position: (items: number) => unknown },
): Promise<number> {
  let index = 0
  const items = describedItems(await openMaybeGzipped(file), options.describe)
  for await (const batch of batches(items, settings.pageSize)) {
    const first = Math.max(index, options.skipItems)
    index += batch.length
    if (index <= options.skipItems) continue
    const fresh = batch.slice(first - (index - batch.length))
    const records = mapNvdItems(fresh, options.describe, first)
    await context.commit({
      records,
      writeOptions: NVD_WRITE_OPTIONS,
      position: options.position(index),
      currentStep: `${options.describe}: ${index} CVEs`,
    })
  }
  return index
}

/** The document's CVE items; a document that does not parse fails with what it was meant to be. */
async function* describedItems(input: Readable, describe: string) {
  try {
    yield* nvdVulnerabilityItems(input)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`${describe} is not an NVD JSON 2.0 feed or API page: ${reason}`)
  }
}
