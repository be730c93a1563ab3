import fsp from 'node:fs/promises'
import path from 'node:path'
import type { CatalogueWriteOptions, VulnerabilityRecord } from '../model.ts'
import {
  CorruptArchive,
  downloadArchive,
  looksLikeZip,
  openArchive,
  type ArchiveIdentity,
  type OsvArchive,
} from './osv-archive.ts'
import { InvalidOsvDocument, mapOsvDocument } from './osv-mapping.ts'
import type { ConfigReader, MirrorRunContext, MirrorSource } from './source.ts'

/** Records per committed batch: each batch lands whole, with the entry the next one starts at. */
export const OSV_BATCH_SIZE = 1000

/** An uploaded JSON file is read whole; archives are read entry by entry. */
const JSON_FILE_MAX_BYTES = 64 * 1024 * 1024

const DEFAULT_BASE_URL = 'https://osv-vulnerabilities.storage.googleapis.com/'

/** `google.osv.enabled`: the enabled ecosystems, `;`-separated (none = OSV mirroring is off). */
export async function enabledEcosystems(config: ConfigReader): Promise<string[]> {
  const value = await config('vuln-source', 'google.osv.enabled')
  return [
    ...new Set(
      (value ?? '')
        .split(';')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ]
}

/** `google.osv.base.url`, always ending in `/`. */
export async function osvBaseUrl(config: ConfigReader): Promise<string> {
  const value = (await config('vuln-source', 'google.osv.base.url'))?.trim() || DEFAULT_BASE_URL
  return value.endsWith('/') ? value : `${value}/`
}

/** `{base}{ecosystem}/all.zip`, the ecosystem URL-encoded with spaces as %20. */
export const ecosystemArchiveUrl = (base: string, ecosystem: string) =>
  `${base}${encodeURIComponent(ecosystem)}/all.zip`

/**
 * OSV writes with source OSV attributions. An advisory whose id belongs to NVD or GitHub keeps the
 * stored fields when that source's own mirror is on (its ranges and aliases still count).
 */
async function writeOptions(config: ConfigReader): Promise<CatalogueWriteOptions> {
  const on = async (name: string) => (await config('vuln-source', name)) === 'true'
  const nvd = await on('nvd.enabled')
  const github = await on('github.advisories.enabled')
  return {
    attributionSource: 'OSV',
    syncAliases: await on('google.osv.alias.sync.enabled'),
    policyFor: (record) =>
      (record.source === 'NVD' && nvd) || (record.source === 'GITHUB' && github)
        ? 'keep-fields'
        : 'replace-if-updated',
  }
}

/** Where a mirror run stands: the ecosystems it finished (with their archive) and the current one. */
interface MirrorPosition {
  kind: 'osv-mirror'
  done: { ecosystem: string; archive: ArchiveIdentity }[]
  /** Entries in the finished ecosystems' archives (for records total). */
  doneEntries: number
  current?: { ecosystem: string; archive: ArchiveIdentity; nextEntry: number }
}

interface ImportPosition {
  kind: 'osv-file'
  file: string
  nextEntry: number
}

const isMirrorPosition = (value: unknown): value is MirrorPosition =>
  typeof value === 'object' && value !== null && (value as MirrorPosition).kind === 'osv-mirror'

function documentOf(data: Buffer, where: string): unknown {
  try {
    return JSON.parse(data.toString('utf8'))
  } catch (error) {
    throw new CorruptArchive(`${where} is not valid JSON (${(error as Error).message})`)
  }
}

function recordOf(document: unknown, where: string): VulnerabilityRecord | undefined {
  try {
    return mapOsvDocument(document)
  } catch (error) {
    if (error instanceof InvalidOsvDocument)
      throw new CorruptArchive(`${where} is ${error.message}`)
    throw error
  }
}

/**
 * Applies an archive's entries from `from` on, committing every OSV_BATCH_SIZE entries with the
 * position of the next entry; the last batch carries `finalPosition`.
 */
async function applyArchive(
  context: MirrorRunContext,
  archive: OsvArchive,
  from: number,
  options: {
    writeOptions: CatalogueWriteOptions
    positionAt: (nextEntry: number) => unknown
    finalPosition: unknown
    recordsTotal: number
    step: string
  },
) {
  let records: VulnerabilityRecord[] = []
  let consumed = 0
  // The next batch is read and parsed while the previous one commits (on PostgreSQL the two
  // overlap); batches still commit one after the other, each with its position.
  let committing: Promise<void> | undefined
  const commit = async (position: unknown) => {
    const batch = {
      records,
      writeOptions: options.writeOptions,
      position,
      recordCount: consumed,
      recordsTotal: options.recordsTotal,
      currentStep: options.step,
    }
    records = []
    consumed = 0
    await committing
    committing = context.commit(batch)
    committing.catch(() => undefined) // awaited at the next commit or the end
  }
  try {
    for await (const entry of archive.entries(from)) {
      consumed++
      if (entry.data) {
        const where = `entry ${entry.index} (${entry.name})`
        const record = recordOf(documentOf(entry.data, where), where)
        if (record) records.push(record)
      }
      if (consumed >= OSV_BATCH_SIZE) await commit(options.positionAt(entry.index + 1))
    }
    await commit(options.finalPosition)
  } finally {
    // A failure while reading still lets the batch in flight land (or fail) before the run ends.
    await committing?.catch(() => undefined)
  }
  await committing
}

async function mirrorEcosystem(
  context: MirrorRunContext,
  ecosystem: string,
  position: MirrorPosition,
  settings: { base: string; writeOptions: CatalogueWriteOptions },
): Promise<void> {
  const file = path.join(context.workDir, `${encodeURIComponent(ecosystem)}.zip`)
  const url = ecosystemArchiveUrl(settings.base, ecosystem)
  const finished = position.done.find((done) => done.ecosystem === ecosystem)
  const current = position.current?.ecosystem === ecosystem ? position.current : undefined
  const haveFile = await fsp.stat(file).then(
    () => true,
    () => false,
  )
  // A finished ecosystem is done again only when its archive changed since; a stopped one
  // resumes inside the same archive and starts over on a new one.
  const known = finished?.archive ?? (current && haveFile ? current.archive : undefined)
  await context.step(ecosystem)
  const outcome = await downloadArchive(context.fetch, url, file, known)
  if (outcome.kind === 'failed') throw new Error(`download failed: ${outcome.message}`)
  if (outcome.kind === 'unchanged' && finished) {
    await fsp.rm(file, { force: true })
    return
  }
  const identity = outcome.kind === 'downloaded' ? outcome.identity : current!.archive
  const from = outcome.kind === 'unchanged' ? current!.nextEntry : 0
  const archive = await openArchive(file)
  try {
    const others = position.done.filter((entry) => entry.ecosystem !== ecosystem)
    const done = {
      ...position,
      done: [...others, { ecosystem, archive: identity }],
      doneEntries: position.doneEntries + archive.entryCount,
      current: undefined,
    } satisfies MirrorPosition
    await applyArchive(context, archive, from, {
      writeOptions: settings.writeOptions,
      positionAt: (nextEntry) =>
        ({
          ...position,
          done: others,
          current: { ecosystem, archive: identity, nextEntry },
        }) satisfies MirrorPosition,
      finalPosition: done,
      recordsTotal: position.doneEntries + archive.entryCount,
      step: ecosystem,
    })
    Object.assign(position, done)
  } finally {
    archive.close()
  }
  await fsp.rm(file, { force: true })
}

async function runOsvMirror(context: MirrorRunContext): Promise<void> {
  const ecosystems = await enabledEcosystems(context.config)
  const settings = {
    base: await osvBaseUrl(context.config),
    writeOptions: await writeOptions(context.config),
  }
  await fsp.mkdir(context.workDir, { recursive: true })
  const position: MirrorPosition = isMirrorPosition(context.state.position)
    ? context.state.position
    : { kind: 'osv-mirror', done: [], doneEntries: 0 }
  const failures: string[] = []
  // One ecosystem failing (a 404, a corrupt archive) does not hold the others back; the run
  // then ends with every failure named, and its retry redoes only what did not finish.
  for (const ecosystem of ecosystems) {
    try {
      await mirrorEcosystem(context, ecosystem, position, settings)
    } catch (error) {
      const reason =
        error instanceof CorruptArchive
          ? `the archive is corrupt: ${error.message}`
          : (error as Error).message
      context.logger.warn({ ecosystem, err: error }, 'OSV ecosystem failed')
      failures.push(`OSV ${ecosystem}: ${reason}`)
    }
  }
  if (failures.length > 0) throw new Error(failures.join('; '))
}

/**
 * An uploaded OSV file: any ecosystem's all.zip, or one OSV JSON document (or a JSON array of
 * them). A stopped import of the same zip resumes at its next entry.
 */
async function importOsvFile(context: MirrorRunContext, file: string): Promise<void> {
  const options = await writeOptions(context.config)
  const step = path.basename(file)
  if (await looksLikeZip(file)) {
    const stored = context.state.position as ImportPosition | null
    const from = stored?.kind === 'osv-file' && stored.file === file ? stored.nextEntry : 0
    let archive: OsvArchive
    try {
      archive = await openArchive(file)
    } catch (error) {
      throw new Error(`The uploaded OSV archive is corrupt: ${(error as Error).message}`)
    }
    try {
      await applyArchive(context, archive, from, {
        writeOptions: options,
        positionAt: (nextEntry) => ({ kind: 'osv-file', file, nextEntry }) satisfies ImportPosition,
        finalPosition: null,
        recordsTotal: archive.entryCount,
        step,
      })
    } catch (error) {
      if (error instanceof CorruptArchive) {
        throw new Error(`The uploaded OSV archive is corrupt: ${error.message}`)
      }
      throw error
    } finally {
      archive.close()
    }
    return
  }
  if ((await fsp.stat(file)).size > JSON_FILE_MAX_BYTES) {
    throw new Error(
      "The uploaded OSV JSON file is larger than 64 MiB: upload the ecosystem's all.zip",
    )
  }
  let documents: unknown[]
  try {
    const parsed: unknown = JSON.parse(await fsp.readFile(file, 'utf8'))
    documents = Array.isArray(parsed) ? parsed : [parsed]
  } catch {
    throw new Error('The uploaded file is neither an OSV zip archive nor an OSV JSON document')
  }
  const records: VulnerabilityRecord[] = []
  for (const [index, document] of documents.entries()) {
    try {
      const record = mapOsvDocument(document)
      if (record) records.push(record)
    } catch (error) {
      throw new Error(`The uploaded OSV document ${index + 1} is ${(error as Error).message}`)
    }
  }
  for (let start = 0; start < records.length || start === 0; start += OSV_BATCH_SIZE) {
    await context.commit({
      records: records.slice(start, start + OSV_BATCH_SIZE),
      writeOptions: options,
      position: null,
      recordCount: start === 0 ? documents.length : 0,
      recordsTotal: documents.length,
      currentStep: step,
    })
  }
}

export const osvMirror: MirrorSource = {
  name: 'OSV',
  cadenceProperty: 'osv.mirror.cadence',
  defaultCadenceHours: 24,
  initialDelayMs: 10000,
  isEnabled: async (config) => (await enabledEcosystems(config)).length > 0,
  importFile: importOsvFile,
  run: runOsvMirror,
}
