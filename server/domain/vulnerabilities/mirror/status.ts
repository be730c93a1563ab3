import type { AppContext } from '../../../context.ts'
import { activeJobChain } from '../../../data/mirror-jobs.ts'
import { mirrorStates, type MirrorStateRow } from '../../../data/mirror-state.ts'
import type { Queryable } from '../../../db/database.ts'
import { textError } from '../../../lib/errors.ts'
import { mirrorSources } from './registry.ts'
import { configReader, mirrorSingletonKey, requestMirror } from './run.ts'
import { MIRROR_SOURCES, type MirrorSourceName } from './source.ts'

type Enqueue = AppContext['enqueue']

export interface MirrorStatus {
  source: MirrorSourceName
  enabled: boolean
  /** Undefined until the source was first queued or run. */
  state: MirrorStateRow | undefined
}

/** A source named in a URL (`NVD`, `osv`, …); an unknown one is 404 with the names that exist. */
export function parseMirrorSource(value: string): MirrorSourceName {
  const name = value.toUpperCase()
  const found = MIRROR_SOURCES.find((source) => source === name)
  if (!found) {
    throw textError(
      404,
      `The vulnerability source ${value} could not be found. Sources: ${MIRROR_SOURCES.join(', ')}.`,
    )
  }
  return found
}

/** Every source, in a fixed order, whether it is enabled and where its mirror stands. */
export async function mirrorStatuses(
  db: Queryable,
  encryptionKey: Uint8Array,
): Promise<MirrorStatus[]> {
  const config = configReader(db, encryptionKey)
  const states = new Map((await mirrorStates(db)).map((row) => [row.source, row]))
  return Promise.all(
    MIRROR_SOURCES.map(async (source) => ({
      source,
      enabled: await mirrorSources[source].isEnabled(config),
      state: states.get(source),
    })),
  )
}

/**
 * "Mirror now": queues a run of an enabled source, or brings a waiting one forward, and answers
 * the token of the run that will do it (the one under way, when a run has already started).
 */
export async function mirrorNow(
  db: Queryable,
  enqueue: Enqueue,
  encryptionKey: Uint8Array,
  name: MirrorSourceName,
): Promise<string> {
  if (!(await mirrorSources[name].isEnabled(configReader(db, encryptionKey)))) {
    throw textError(409, `The ${name} mirror is disabled. Enable it in its settings first.`)
  }
  // A run that ends between the two steps leaves no active job: queue again then.
  for (let attempt = 0; attempt < 3; attempt++) {
    const token =
      (await requestMirror(db, enqueue, name)) ??
      (await activeJobChain(db, mirrorSingletonKey(name)))
    if (token) return token
  }
  throw new Error(`The ${name} mirror could not be queued`)
}

const PROPERTY_PREFIXES: ReadonlyArray<readonly [string, MirrorSourceName]> = [
  ['nvd.', 'NVD'],
  ['github.advisories.', 'GITHUB'],
  ['google.osv.', 'OSV'],
  ['epss.', 'EPSS'],
  ['kev.', 'KEV'],
]

/**
 * The source a `vuln-source` setting belongs to. The incremental markers that mirrors write for
 * themselves (`*.last.modified.epoch.seconds`) belong to none: changing one queues nothing.
 */
export function sourceOfProperty(
  groupName: string,
  propertyName: string,
): MirrorSourceName | undefined {
  if (groupName !== 'vuln-source' || propertyName.endsWith('.last.modified.epoch.seconds')) {
    return undefined
  }
  return PROPERTY_PREFIXES.find(([prefix]) => propertyName.startsWith(prefix))?.[1]
}

/** After settings changed: every enabled source whose settings were among them mirrors at once. */
export async function mirrorChangedSources(
  db: Queryable,
  enqueue: Enqueue,
  encryptionKey: Uint8Array,
  changed: ReadonlyArray<{ groupName: string; propertyName: string }>,
): Promise<MirrorSourceName[]> {
  const sources = new Set(
    changed.map((property) => sourceOfProperty(property.groupName, property.propertyName)),
  )
  const config = configReader(db, encryptionKey)
  const queued: MirrorSourceName[] = []
  for (const source of MIRROR_SOURCES) {
    if (!sources.has(source) || !(await mirrorSources[source].isEnabled(config))) continue
    await requestMirror(db, enqueue, source)
    queued.push(source)
  }
  return queued
}
