import { randomUUID } from 'node:crypto'
import { timeSlice, type TimeSlice } from '../../lib/time-slice.ts'
import {
  COMPONENT_COLUMN_NAMES,
  COMPONENT_COLUMNS,
  SERVICE_COLUMN_NAMES,
  SERVICE_COLUMNS,
  type ComponentValues,
  type ServiceValues,
  type StoredComponent,
  type StoredProperty,
  type StoredService,
} from '../../data/inventory-writes.ts'
import {
  componentIdentityKey,
  directDependencies,
  graphNodeJson,
  type GraphNodeJson,
  serviceIdentityKey,
  type DedupedBom,
  type NodeRef,
} from './identity.ts'
import type {
  BomComponent,
  ComponentFields,
  ComponentProperty,
  ConvertedBom,
  ServiceFields,
} from './model.ts'

/**
 * Replace-on-re-upload (§1.6, §1.8), planned in memory: which stored rows are kept (same UUID),
 * changed, deleted or added. The database then sees a handful of set-based statements.
 */
/** Values are built when the row is written, a chunk at a time, not all at once. */
export interface NewComponent {
  uuid: string
  component: BomComponent
  dependencies: GraphNodeJson[] | null
}

export interface IngestPlan {
  deleteComponentIds: number[]
  newComponents: NewComponent[]
  changedComponents: { id: number; values: ComponentValues }[]
  deletePropertyIds: number[]
  addProperties: { componentId: number; property: ComponentProperty }[]
  deleteServiceIds: number[]
  newServices: { uuid: string; values: ServiceValues }[]
  changedServices: { id: number; values: ServiceValues }[]
  projectDirectDependencies: GraphNodeJson[] | null
  unknownRefs: string[]
  stats: { added: number; changed: number; unchanged: number; removed: number }
}

export function componentValues(c: ComponentFields, dependencies: GraphNodeJson[] | null) {
  const values: ComponentValues = {
    name: c.name,
    version: c.version,
    group: c.group,
    classifier: c.classifier,
    scope: c.scope,
    md5: c.hashes.md5,
    sha1: c.hashes.sha1,
    sha256: c.hashes.sha256,
    sha384: c.hashes.sha384,
    sha512: c.hashes.sha512,
    sha3_256: c.hashes.sha3_256,
    sha3_384: c.hashes.sha3_384,
    sha3_512: c.hashes.sha3_512,
    blake2b_256: c.hashes.blake2b_256,
    blake2b_384: c.hashes.blake2b_384,
    blake2b_512: c.hashes.blake2b_512,
    blake3: c.hashes.blake3,
    cpe: c.cpe,
    purl: c.purl,
    purl_coordinates: c.purlCoordinates,
    swid_tag_id: c.swidTagId,
    internal: c.internal,
    description: c.description,
    copyright: c.copyright,
    license: c.license,
    license_expression: c.licenseExpression,
    license_url: c.licenseUrl,
    license_id: c.licenseId,
    license_candidates: c.licenseChoice,
    authors: c.authors,
    publisher: c.publisher,
    supplier: c.supplier,
    direct_dependencies: dependencies,
    external_references: c.externalReferences,
  }
  return values
}

export function serviceValues(s: ServiceFields): ServiceValues {
  return {
    provider: s.provider,
    group: s.group,
    name: s.name,
    version: s.version,
    description: s.description,
    endpoints: s.endpoints,
    authenticated: s.authenticated,
    crosses_trust_boundary: s.crossesTrustBoundary,
    data: s.data,
    external_references: s.externalReferences,
  }
}

/** JSON with sorted keys: jsonb reorders keys, so stored and incoming values compare this way. */
export function stableJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
    return `{${keys.map((key) => `${JSON.stringify(key)}:${stableJson(record[key])}`).join(',')}}`
  }
  return JSON.stringify(value)
}

function sameValues(
  columns: readonly string[],
  types: Record<string, string>,
  stored: Record<string, unknown>,
  incoming: Record<string, unknown>,
): boolean {
  for (const column of columns) {
    const a = stored[column] ?? null
    let b = incoming[column] ?? null
    // directDependencies is kept as JSON text of the incoming array.
    if (Array.isArray(b) && types[column] === 'text') b = JSON.stringify(b)
    if (types[column] === 'jsonb') {
      if (a === null && b === null) continue
      if (a === null || b === null || stableJson(a) !== stableJson(b)) return false
    } else if (a !== b) {
      return false
    }
  }
  return true
}

const propertyKey = (p: { group: string | null; name: string; value: string | null }) =>
  `${p.group ?? '\u0001'}\u0000${p.name}\u0000${p.value ?? '\u0001'}`

function storedIdentity(values: ComponentValues) {
  return componentIdentityKey({
    purl: values.purl as string | null,
    purlCoordinates: values.purl_coordinates as string | null,
    cpe: values.cpe as string | null,
    swidTagId: values.swid_tag_id as string | null,
    group: values.group as string | null,
    name: values.name as string,
    version: values.version as string | null,
  })
}

/** Yields to the event loop whenever the time slice is used up (a plan can take 100 ms). */
export async function planIngest(
  bom: ConvertedBom,
  deduped: DedupedBom,
  stored: {
    components: StoredComponent[]
    properties: StoredProperty[]
    services: StoredService[]
  },
  slice: TimeSlice = timeSlice(),
): Promise<IngestPlan> {
  const deleteComponentIds: number[] = []

  // Stored components by identity; of several with one identity the first is kept.
  const storedByKey = new Map<string, StoredComponent>()
  for (const component of stored.components) {
    const key = storedIdentity(component.values)
    if (storedByKey.has(key)) deleteComponentIds.push(component.id)
    else storedByKey.set(key, component)
    if (slice.due) await slice.pause()
  }
  const components = deduped.components
  const matched: (StoredComponent | undefined)[] = new Array(components.length)
  const componentUuids: string[] = new Array(components.length)
  for (let i = 0; i < components.length; i++) {
    const key = componentIdentityKey(components[i]!)
    const match = storedByKey.get(key)
    if (match) storedByKey.delete(key)
    matched[i] = match
    componentUuids[i] = match?.uuid ?? randomUUID()
    if (slice.due) await slice.pause()
  }
  for (const leftover of storedByKey.values()) deleteComponentIds.push(leftover.id)

  const deleteServiceIds: number[] = []
  const storedServices = new Map<string, StoredService>()
  for (const service of stored.services) {
    const key = serviceIdentityKey({
      group: service.values.group as string | null,
      name: service.values.name as string,
      version: service.values.version as string | null,
    })
    if (storedServices.has(key)) deleteServiceIds.push(service.id)
    else storedServices.set(key, service)
  }
  const services = deduped.services
  const matchedServices: (StoredService | undefined)[] = new Array(services.length)
  const serviceUuids: string[] = new Array(services.length)
  for (let i = 0; i < services.length; i++) {
    const key = serviceIdentityKey(services[i]!)
    const match = storedServices.get(key)
    if (match) storedServices.delete(key)
    matchedServices[i] = match
    serviceUuids[i] = match?.uuid ?? randomUUID()
  }
  for (const leftover of storedServices.values()) deleteServiceIds.push(leftover.id)

  // The dependency graph, in directDependencies form (§1.8).
  const componentJson: (GraphNodeJson | undefined)[] = new Array(components.length)
  const serviceJson: (GraphNodeJson | undefined)[] = new Array(services.length)
  const nodeJson = (ref: NodeRef): GraphNodeJson => {
    if (ref.kind === 'component') {
      const c: BomComponent = components[ref.index]!
      return (componentJson[ref.index] ??= graphNodeJson({
        objectType: 'COMPONENT',
        uuid: componentUuids[ref.index]!,
        group: c.group,
        name: c.name,
        version: c.version,
        purl: c.purl,
        purlCoordinates: c.purlCoordinates,
        cpe: c.cpe,
        swidTagId: c.swidTagId,
      }))
    }
    const s = services[ref.index]!
    return (serviceJson[ref.index] ??= graphNodeJson({
      objectType: 'SERVICE',
      uuid: serviceUuids[ref.index]!,
      group: s.group,
      name: s.name,
      version: s.version,
      purl: null,
      purlCoordinates: null,
      cpe: null,
      swidTagId: null,
    }))
  }
  const unknown = new Set<string>()
  const dependsOnByComponent = new Map<number, string[]>()
  for (const [ref, targets] of bom.dependencies) {
    const node = deduped.refs.get(ref)
    if (!node) {
      if (ref !== bom.rootRef) unknown.add(ref)
      continue
    }
    if (node.kind !== 'component') continue
    const list = dependsOnByComponent.get(node.index)
    if (list) list.push(...targets)
    else dependsOnByComponent.set(node.index, [...targets])
    if (slice.due) await slice.pause()
  }
  const projectDirectDependencies =
    bom.rootRef === null
      ? null
      : directDependencies(
          bom.dependencies.get(bom.rootRef),
          deduped.refs,
          nodeJson,
          undefined,
          unknown,
        )

  const propertiesByComponent = new Map<number, StoredProperty[]>()
  for (const property of stored.properties) {
    const list = propertiesByComponent.get(property.componentId)
    if (list) list.push(property)
    else propertiesByComponent.set(property.componentId, [property])
    if (slice.due) await slice.pause()
  }

  const newComponents: NewComponent[] = []
  const changedComponents: IngestPlan['changedComponents'] = []
  const deletePropertyIds: number[] = []
  const addProperties: IngestPlan['addProperties'] = []
  let unchanged = 0
  for (let i = 0; i < components.length; i++) {
    if (slice.due) await slice.pause()
    const component = components[i]!
    const self: NodeRef = { kind: 'component', index: i }
    const dependencies = directDependencies(
      dependsOnByComponent.get(i),
      deduped.refs,
      nodeJson,
      self,
      unknown,
    )
    const match = matched[i]
    if (!match) {
      newComponents.push({ uuid: componentUuids[i]!, component, dependencies })
      continue
    }
    const values = componentValues(component, dependencies)
    let changed = !sameValues(COMPONENT_COLUMN_NAMES, COMPONENT_COLUMNS, match.values, values)
    if (changed) changedComponents.push({ id: match.id, values })

    const storedProperties = propertiesByComponent.get(match.id) ?? []
    const wanted = new Set(component.properties.map(propertyKey))
    const kept = new Set<string>()
    for (const property of storedProperties) {
      const key = propertyKey(property)
      if (wanted.has(key) && !kept.has(key)) kept.add(key)
      else {
        deletePropertyIds.push(property.id)
        changed = true
      }
    }
    for (const property of component.properties) {
      if (kept.has(propertyKey(property))) continue
      addProperties.push({ componentId: match.id, property })
      changed = true
    }
    if (!changed) unchanged++
  }

  const newServices: IngestPlan['newServices'] = []
  const changedServices: IngestPlan['changedServices'] = []
  for (let i = 0; i < services.length; i++) {
    const values = serviceValues(services[i]!)
    const match = matchedServices[i]
    if (!match) newServices.push({ uuid: serviceUuids[i]!, values })
    else if (!sameValues(SERVICE_COLUMN_NAMES, SERVICE_COLUMNS, match.values, values)) {
      changedServices.push({ id: match.id, values })
    }
  }

  return {
    deleteComponentIds,
    newComponents,
    changedComponents,
    deletePropertyIds,
    addProperties,
    deleteServiceIds,
    newServices,
    changedServices,
    projectDirectDependencies,
    unknownRefs: [...unknown],
    stats: {
      added: newComponents.length,
      changed: components.length - newComponents.length - unchanged,
      unchanged,
      removed: deleteComponentIds.length,
    },
  }
}
