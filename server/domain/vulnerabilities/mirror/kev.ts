import fs from 'node:fs/promises'
import path from 'node:path'
import { z } from 'zod'
import {
  deleteKnownExploited,
  listKnownExploited,
  upsertKnownExploited,
} from '../../../data/known-exploited.ts'
import { readMirrorMarker, writeMirrorMarker } from '../../../data/mirror-markers.ts'
import {
  isOlderCatalogue,
  kevChanges,
  KevFormatError,
  parseKevCatalogue,
  type KevCatalogue,
} from './kev-mapping.ts'
import type { MirrorRunContext, MirrorSource } from './source.ts'

const GROUP = 'vuln-source'
export const DEFAULT_KEV_URL =
  'https://www.cisa.gov/sites/default/files/feeds/known_exploited_vulnerabilities.json'
/** The catalogue is about 1.3 MB; anything far larger is not it. */
const MAX_CATALOGUE_BYTES = 64 * 1024 * 1024
const REQUEST_TIMEOUT_MS = 120_000

/** Kept between runs: the catalogue version stored and the HTTP validators it came with. */
const markerSchema = z.object({
  catalogVersion: z.string(),
  dateReleased: z.string().nullish(),
  count: z.number().nullish(),
  etag: z.string().nullish(),
  lastModified: z.string().nullish(),
})
type KevMarker = z.infer<typeof markerSchema>

async function storedMarker(context: MirrorRunContext): Promise<KevMarker | undefined> {
  const parsed = markerSchema.safeParse(await readMirrorMarker(context.db, 'KEV'))
  return parsed.success ? parsed.data : undefined
}

function parseDocument(text: string, what: string): KevCatalogue {
  let document: unknown
  try {
    document = JSON.parse(text)
  } catch {
    throw new KevFormatError(`${what} is not JSON; expected a CISA KEV catalogue`)
  }
  try {
    return parseKevCatalogue(document)
  } catch (error) {
    if (error instanceof KevFormatError) throw new KevFormatError(`${what}: ${error.message}`)
    throw error
  }
}

/**
 * Brings the stored catalogue to `catalogue` in one transaction: new and changed entries are
 * written, entries CISA no longer lists are removed, and the version is kept. The same version
 * as stored writes nothing; an older one is refused.
 */
async function applyCatalogue(
  context: MirrorRunContext,
  catalogue: KevCatalogue,
  validators: { etag: string | null; lastModified: string | null },
): Promise<void> {
  const marker = await storedMarker(context)
  const version = catalogue.catalogVersion
  const nextMarker: KevMarker = {
    catalogVersion: version,
    dateReleased: catalogue.dateReleased,
    count: catalogue.count,
    ...validators,
  }
  if (marker && isOlderCatalogue(version, marker.catalogVersion)) {
    throw new KevFormatError(
      `The KEV catalogue ${version} is older than the stored ${marker.catalogVersion}; nothing was changed`,
    )
  }
  for (const skipped of catalogue.skipped) {
    context.logger.warn({ source: 'KEV', ...skipped }, 'KEV entry skipped')
  }
  if (marker?.catalogVersion === version) {
    await context.commit({
      write: (tx) => writeMirrorMarker(tx, 'KEV', nextMarker),
      position: { catalogVersion: version },
      recordCount: 0,
      currentStep: `Catalogue ${version} (unchanged)`,
    })
    context.logger.info({ source: 'KEV', catalogVersion: version }, 'KEV catalogue unchanged')
    return
  }
  let summary = { added: 0, changed: 0, removed: 0 }
  await context.commit({
    write: async (tx) => {
      const changes = kevChanges(await listKnownExploited(tx), catalogue.entries)
      await upsertKnownExploited(tx, [...changes.added, ...changes.changed])
      await deleteKnownExploited(tx, changes.removed)
      await writeMirrorMarker(tx, 'KEV', nextMarker)
      summary = {
        added: changes.added.length,
        changed: changes.changed.length,
        removed: changes.removed.length,
      }
    },
    position: { catalogVersion: version },
    recordCount: catalogue.entries.length,
    recordsTotal: catalogue.entries.length,
    currentStep: `Catalogue ${version}`,
  })
  context.logger.info(
    { source: 'KEV', catalogVersion: version, ...summary },
    'KEV catalogue stored',
  )
}

async function readLimited(response: Response): Promise<string> {
  const declared = Number(response.headers.get('content-length'))
  if (declared > MAX_CATALOGUE_BYTES) {
    throw new KevFormatError(`The KEV feed answered ${declared} bytes; that is not the catalogue`)
  }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body?.getReader()
  for (let next = await reader?.read(); next && !next.done; next = await reader!.read()) {
    size += next.value.byteLength
    if (size > MAX_CATALOGUE_BYTES) {
      await reader!.cancel()
      throw new KevFormatError(
        `The KEV feed answered over ${MAX_CATALOGUE_BYTES} bytes; that is not the catalogue`,
      )
    }
    chunks.push(next.value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * Fetches CISA's Known Exploited Vulnerabilities catalogue with a conditional GET (ETag and
 * Last-Modified of the stored version) and applies it when its version changed.
 */
async function run(context: MirrorRunContext): Promise<void> {
  const url = (await context.config(GROUP, 'kev.feeds.url'))?.trim() || DEFAULT_KEV_URL
  const marker = await storedMarker(context)
  const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'Lookout' }
  if (marker?.etag) headers['If-None-Match'] = marker.etag
  if (marker?.lastModified) headers['If-Modified-Since'] = marker.lastModified
  await context.step('Downloading the catalogue')
  const response = await context.fetch(url, {
    headers,
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  })
  if (response.status === 304 && marker) {
    await response.body?.cancel()
    await context.step(`Catalogue ${marker.catalogVersion} (not modified)`)
    context.logger.info(
      { source: 'KEV', catalogVersion: marker.catalogVersion },
      'KEV not modified',
    )
    return
  }
  if (!response.ok) {
    await response.body?.cancel()
    throw new Error(`The KEV feed answered HTTP ${response.status}`)
  }
  const catalogue = parseDocument(await readLimited(response), 'The KEV feed')
  await applyCatalogue(context, catalogue, {
    etag: response.headers.get('etag'),
    lastModified: response.headers.get('last-modified'),
  })
}

/** Imports an uploaded KEV JSON file (the catalogue as CISA publishes it). */
async function importFile(context: MirrorRunContext, file: string): Promise<void> {
  const name = path.basename(file)
  const { size } = await fs.stat(file)
  if (size > MAX_CATALOGUE_BYTES) {
    throw new KevFormatError(`${name} is ${size} bytes; that is not a KEV catalogue`)
  }
  const catalogue = parseDocument(await fs.readFile(file, 'utf8'), name)
  // The validators belong to the feed's copy; the next download compares versions instead.
  await applyCatalogue(context, catalogue, { etag: null, lastModified: null })
}

export const kevMirror: MirrorSource = {
  name: 'KEV',
  cadenceProperty: null,
  defaultCadenceHours: 24,
  initialDelayMs: 60000,
  isEnabled: async (config) => (await config(GROUP, 'kev.enabled')) === 'true',
  importFile,
  run,
}
