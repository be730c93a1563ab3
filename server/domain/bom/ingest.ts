import { gunzipSync } from 'node:zlib'
import type { Queryable } from '../../db/database.ts'
import {
  allocateComponentIds,
  CHUNK_ROWS,
  deleteComponents,
  deleteProperties,
  deleteServices,
  findIngestProject,
  insertComponents,
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
  type PropertyInsert,
} from '../../data/inventory-writes.ts'
import type { InternalMatcher } from './convert.ts'
import { dedupeBom } from './identity.ts'
import { decodeBom } from './inspect.ts'
import { collectGarbageIfDue } from './memory.ts'
import type { ComponentProperty, ConvertedBom } from './model.ts'
import { componentValues, planIngest, type IngestPlan, type NewComponent } from './sync.ts'

export function decompressBom(content: Uint8Array): string {
  return decodeBom(gunzipSync(content))
}

function fullMatch(pattern: string | null, onInvalid: (pattern: string) => void) {
  if (!pattern) return undefined
  try {
    return new RegExp(`^(?:${pattern})$`)
  } catch {
    onInvalid(pattern)
    return undefined
  }
}

/** §8.1: internal when the group (non-blank) or the name fully matches the configured regex. */
export async function internalMatcher(
  db: Queryable,
  onInvalid: (pattern: string) => void,
): Promise<InternalMatcher> {
  const patterns = await internalComponentPatterns(db)
  const groups = fullMatch(patterns.groups, onInvalid)
  const names = fullMatch(patterns.names, onInvalid)
  if (!groups && !names) return () => false
  return (group, name) =>
    Boolean((groups && group !== null && groups.test(group)) || (names && names.test(name)))
}

const RELEASED = { uuid: '', component: undefined!, dependencies: null } as NewComponent

export interface IngestResult {
  status: 'ingested' | 'project-gone' | 'collection-project'
  plan?: IngestPlan
  warnings: string[]
}

/**
 * Replaces the project's components, services and dependency graph with the BOM's, inside the
 * caller's transaction, under the project's BOM lock (§1.4 step 4). The BOM is consumed: its
 * component list and graph are emptied as the rows are written.
 */
export async function ingestConvertedBom(
  tx: Queryable,
  projectId: number,
  bom: ConvertedBom,
): Promise<IngestResult> {
  await lockProjectForBom(tx, projectId)
  const project = await findIngestProject(tx, projectId)
  if (!project) return { status: 'project-gone', warnings: [] }
  if (project.collection_logic && project.collection_logic !== 'NONE') {
    return { status: 'collection-project', warnings: [] }
  }

  collectGarbageIfDue()
  const deduped = dedupeBom(bom)
  const [components, properties, services] = [
    await loadStoredComponents(tx, projectId),
    await loadStoredProperties(tx, projectId),
    await loadStoredServices(tx, projectId),
  ]
  const plan = planIngest(bom, deduped, { components, properties, services })
  // The plan holds all that is still needed; the BOM's own collections can go (memory).
  const warnings = [...bom.warnings, ...deduped.warnings]
  bom.components.length = 0
  bom.dependencies.clear()
  deduped.components.length = 0
  deduped.refs.clear()
  collectGarbageIfDue()

  await deleteComponents(tx, plan.deleteComponentIds)
  await deleteProperties(tx, plan.deletePropertyIds)
  await updateComponents(
    tx,
    plan.changedComponents.map((row) => ({ id: row.id, ...row.values })),
  )
  const propertyRow = (componentId: number, property: ComponentProperty): PropertyInsert => ({
    component_id: componentId,
    group_name: property.group,
    property_name: property.name,
    property_value: property.value,
  })
  await insertProperties(
    tx,
    plan.addProperties.map((add) => propertyRow(add.componentId, add.property)),
  )
  const ids = await allocateComponentIds(tx, plan.newComponents.length)
  await withoutForeignKeyChecks(tx, async () => {
    for (let start = 0; start < plan.newComponents.length; start += CHUNK_ROWS) {
      const part = plan.newComponents.slice(start, start + CHUNK_ROWS)
      await insertComponents(
        tx,
        projectId,
        part.map((row, i) => ({
          id: ids[start + i],
          uuid: row.uuid,
          ...componentValues(row.component, row.dependencies),
        })),
      )
      const properties: PropertyInsert[] = []
      part.forEach((row, i) => {
        for (const property of row.component.properties) {
          properties.push(propertyRow(ids[start + i]!, property))
        }
      })
      await insertProperties(tx, properties)
      // Written rows are let go at once: a 100,000-component BOM stays within its memory budget.
      for (let i = start; i < start + part.length; i++) plan.newComponents[i] = RELEASED
      collectGarbageIfDue()
    }
  })

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
  if (plan.unknownRefs.length > 0) {
    warnings.push(
      `Dependencies name ${plan.unknownRefs.length} unknown bom-ref(s), skipped: ${plan.unknownRefs.slice(0, 10).join(', ')}`,
    )
  }
  return { status: 'ingested', plan, warnings }
}
