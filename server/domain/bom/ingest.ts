import { promisify } from 'node:util'
import { gunzip } from 'node:zlib'
import type { Queryable } from '../../db/database.ts'
import {
  allocateComponentIds,
  deleteComponents,
  deleteProperties,
  deleteServices,
  findIngestProject,
  insertProperties,
  insertServices,
  internalComponentPatterns,
  loadStoredComponents,
  loadStoredProperties,
  loadStoredServices,
  lockProjectForBom,
  recordBomImport,
  updateComponents,
  updateServices,
  withoutForeignKeyChecks,
} from '../../data/inventory-writes.ts'
import { publishComponentBatch } from '../../data/component-batches.ts'
import { inventoryStamp } from '../../data/bom-inventory.ts'
import { timeSlice, type TimeSlice } from '../../lib/time-slice.ts'
import { writesInFlight } from '../../lib/writes-in-flight.ts'
import type { InternalMatcher } from './convert.ts'
import { matchInternal, type InternalPatterns } from './internal-patterns.ts'
import { dedupeBom } from './identity.ts'
import { decodeBom } from './inspect.ts'
import type { ConvertedBom } from './model.ts'
import { propertyRow, WRITE_CHUNK_ROWS, writeNewComponents } from './new-components.ts'
import { planIngest, type IngestPlan } from './sync.ts'
import { loadLicenseLookup } from '../licenses/resolution.ts'
import { resolveLicenseChoice } from '../licenses/resolve.ts'

const gunzipAsync = promisify(gunzip)

/** A stored upload's text; the inflating runs on libuv's thread pool, not the event loop. */
export async function decompressBom(content: Uint8Array): Promise<string> {
  return decodeBom(await gunzipAsync(content))
}

/** The configured patterns; a pattern that does not compile is reported and counts as unset. */
export async function internalPatterns(
  db: Queryable,
  onInvalid: (pattern: string) => void,
): Promise<InternalPatterns> {
  const patterns = await internalComponentPatterns(db)
  matchInternal(patterns, onInvalid)
  return patterns
}

export async function internalMatcher(
  db: Queryable,
  onInvalid: (pattern: string) => void,
): Promise<InternalMatcher> {
  return matchInternal(await internalComponentPatterns(db), onInvalid)
}

/** §1.7 against the catalogue as it is now: one query for every license the BOM names. */
async function resolveBomLicenses(
  db: Queryable,
  components: ConvertedBom['components'],
  slice: TimeSlice,
) {
  const lookup = await loadLicenseLookup(
    db,
    components.map((component) => component.licenseChoice),
  )
  for (const component of components) {
    Object.assign(component, resolveLicenseChoice(component.licenseChoice, lookup))
    if (slice.due) await slice.pause()
  }
}

export interface IngestResult {
  status: 'ingested' | 'project-gone' | 'collection-project'
  plan?: IngestPlan
  warnings: string[]
}

/** A BOM planned against the stored inventory it was read from, ready to be written. */
export interface PreparedIngest {
  status: 'ready'
  projectId: number
  plan: IngestPlan
  warnings: string[]
  /** What the project held when the plan was made (see inventoryStamp). */
  stamp: string
  /**
   * The new components' ids, drawn before the write: a sequence is not transactional, so the
   * write's transaction need not hold the connection for it (ids of a stale plan stay unused).
   */
  componentIds: number[]
  /** The new components, already written as this pending batch (stageNewComponents). */
  batchId?: number
  bom: Pick<
    ConvertedBom,
    'project' | 'projectMetadata' | 'specVersion' | 'bomVersion' | 'serialNumber'
  >
}

type Refusal = { status: 'project-gone' | 'collection-project'; warnings: string[] }

async function refusal(db: Queryable, projectId: number): Promise<Refusal | undefined> {
  const project = await findIngestProject(db, projectId)
  if (!project) return { status: 'project-gone', warnings: [] }
  if (project.collection_logic && project.collection_logic !== 'NONE') {
    return { status: 'collection-project', warnings: [] }
  }
  return undefined
}

/**
 * Reads what the project holds and plans the replacement with the BOM's (§1.6, §1.8). Needs no
 * transaction: the slow part of an import (reading, matching, building the graph) holds nothing,
 * and applyIngest checks that the inventory did not change meanwhile. The BOM is consumed: its
 * component list and graph are emptied once planned.
 */
export async function prepareIngest(
  db: Queryable,
  projectId: number,
  bom: ConvertedBom,
): Promise<PreparedIngest | Refusal> {
  const refused = await refusal(db, projectId)
  if (refused) return refused
  const stamp = await inventoryStamp(db, projectId)
  const slice = timeSlice()
  await resolveBomLicenses(db, bom.components, slice)
  const deduped = await dedupeBom(bom, slice)
  const [components, properties, services] = [
    await loadStoredComponents(db, projectId),
    await loadStoredProperties(db, projectId),
    await loadStoredServices(db, projectId),
  ]
  const plan = await planIngest(bom, deduped, { components, properties, services }, slice)
  const componentIds = await allocateComponentIds(db, plan.newComponents.length)
  // The plan holds all that is still needed; the BOM's own collections can go (memory).
  const warnings = [...bom.warnings, ...deduped.warnings]
  bom.components.length = 0
  bom.dependencies.clear()
  deduped.components.length = 0
  deduped.refs.clear()
  return { status: 'ready', projectId, plan, warnings, stamp, componentIds, bom }
}

/**
 * Writes a prepared plan inside the caller's transaction, under the project's BOM lock (§1.4
 * step 4). Answers 'stale' (writing nothing) when `checkStamp` is set and the project's
 * inventory changed since the plan was made.
 */
export async function applyIngest(
  tx: Queryable,
  prepared: PreparedIngest,
  options: { checkStamp: boolean },
): Promise<IngestResult | 'stale'> {
  const { projectId, plan, bom } = prepared
  await lockProjectForBom(tx, projectId)
  const refused = await refusal(tx, projectId)
  if (refused) return refused
  if (options.checkStamp && (await inventoryStamp(tx, projectId)) !== prepared.stamp) return 'stale'

  // Published first: a batch discarded meanwhile (its job taken over) makes the plan stale.
  if (prepared.batchId !== undefined && !(await publishComponentBatch(tx, prepared.batchId))) {
    return 'stale'
  }
  await deleteComponents(tx, plan.deleteComponentIds)
  await deleteProperties(tx, plan.deletePropertyIds)
  const changed = plan.changedComponents.map((row) => ({ id: row.id, ...row.values }))
  const updates = writesInFlight()
  for (let start = 0; start < changed.length; start += WRITE_CHUNK_ROWS) {
    await updates.add(updateComponents(tx, changed.slice(start, start + WRITE_CHUNK_ROWS)))
  }
  await updates.drain()
  await insertProperties(
    tx,
    plan.addProperties.map((add) => propertyRow(add.componentId, add.property)),
  )
  if (prepared.batchId === undefined) {
    const all = { start: 0, end: plan.newComponents.length }
    await withoutForeignKeyChecks(tx, () => writeNewComponents(tx, prepared, all, null))
  }

  await deleteServices(tx, plan.deleteServiceIds)
  await updateServices(
    tx,
    plan.changedServices.map((row) => ({ id: row.id, ...row.values })),
  )
  await insertServices(
    tx,
    projectId,
    plan.newServices.map((row) => ({ uuid: row.uuid, ...row.values })),
  )

  const patch = bom.project
  await recordBomImport(
    tx,
    projectId,
    {
      fields: patch && {
        authors: patch.authors,
        publisher: patch.publisher,
        supplier: patch.supplier,
        manufacturer: patch.manufacturer,
        classifier: patch.classifier,
        external_references: patch.externalReferences,
        cpe: patch.cpe,
        purl: patch.purl,
        swid_tag_id: patch.swidTagId,
      },
      metadata: bom.projectMetadata,
      directDependencies:
        plan.projectDirectDependencies && JSON.stringify(plan.projectDirectDependencies),
      format: `CycloneDX ${bom.specVersion}`,
    },
    bom,
  )
  const warnings = [...prepared.warnings]
  if (plan.unknownRefs.length > 0) {
    warnings.push(
      `Dependencies name ${plan.unknownRefs.length} unknown bom-ref(s), skipped: ${plan.unknownRefs.slice(0, 10).join(', ')}`,
    )
  }
  return { status: 'ingested', plan, warnings }
}

/**
 * Replaces the project's components, services and dependency graph with the BOM's, reading and
 * writing inside the caller's transaction under the project's BOM lock (never stale).
 */
export async function ingestConvertedBom(
  tx: Queryable,
  projectId: number,
  bom: ConvertedBom,
): Promise<IngestResult> {
  await lockProjectForBom(tx, projectId)
  const prepared = await prepareIngest(tx, projectId, bom)
  if (prepared.status !== 'ready') return prepared
  return (await applyIngest(tx, prepared, { checkStamp: false })) as IngestResult
}
