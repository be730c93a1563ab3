import type { BomComponent, BomService, ConvertedBom } from './model.ts'
import { timeSlice, type TimeSlice } from '../../lib/time-slice.ts'

/**
 * ComponentIdentity (§1.6): every field must be equal, null equal to null. The key keeps null
 * and the empty string apart.
 */
interface IdentityFields {
  purl: string | null
  purlCoordinates: string | null
  cpe: string | null
  swidTagId: string | null
  group: string | null
  name: string
  version: string | null
}

const part = (value: string | null) => (value === null ? '\u0001' : value)

export function componentIdentityKey(c: IdentityFields): string {
  return `${part(c.purl)}\u0000${part(c.purlCoordinates)}\u0000${part(c.cpe)}\u0000${part(c.swidTagId)}\u0000${part(c.group)}\u0000${c.name}\u0000${part(c.version)}`
}

export function serviceIdentityKey(s: {
  group: string | null
  name: string
  version: string | null
}) {
  return `${part(s.group)}\u0000${s.name}\u0000${part(s.version)}`
}

export interface NodeRef {
  kind: 'component' | 'service'
  index: number
}

export interface DedupedBom {
  components: BomComponent[]
  services: BomService[]
  /** Every bom-ref of the BOM → the kept component or service it stands for. */
  refs: Map<string, NodeRef>
  warnings: string[]
}

/**
 * Components (and, separately, services) with one identity are kept once, the first occurrence
 * winning; the bom-refs of dropped duplicates point at the kept one, so the graph still resolves.
 */
export async function dedupeBom(
  bom: ConvertedBom,
  slice: TimeSlice = timeSlice(),
): Promise<DedupedBom> {
  const warnings: string[] = []
  const refs = new Map<string, NodeRef>()
  const mapRef = (ref: string, target: NodeRef) => {
    const existing = refs.get(ref)
    if (!existing) refs.set(ref, target)
    else if (existing.kind !== target.kind || existing.index !== target.index) {
      warnings.push(`Duplicate bom-ref ${ref}: the first mapping wins`)
    }
  }

  const components: BomComponent[] = []
  const componentIndex = new Map<string, number>()
  for (const component of bom.components) {
    const key = componentIdentityKey(component)
    let index = componentIndex.get(key)
    if (index === undefined) {
      index = components.length
      components.push(component)
      componentIndex.set(key, index)
    }
    mapRef(component.bomRef, { kind: 'component', index })
    if (slice.due) await slice.pause()
  }

  const services: BomService[] = []
  const serviceIndex = new Map<string, number>()
  for (const service of bom.services) {
    const key = serviceIdentityKey(service)
    let index = serviceIndex.get(key)
    if (index === undefined) {
      index = services.length
      services.push(service)
      serviceIndex.set(key, index)
    }
    mapRef(service.bomRef, { kind: 'service', index })
    if (slice.due) await slice.pause()
  }
  return { components, services, refs, warnings }
}

export interface GraphNode {
  objectType: 'COMPONENT' | 'SERVICE'
  uuid: string
  group: string | null
  name: string
  version: string | null
  purl: string | null
  purlCoordinates: string | null
  cpe: string | null
  swidTagId: string | null
}

export type GraphNodeJson = Record<string, string>

/** One element of a directDependencies JSON array; null fields are left out (§1.8). */
export function graphNodeJson(node: GraphNode): GraphNodeJson {
  const json: GraphNodeJson = { objectType: node.objectType, uuid: node.uuid }
  if (node.group !== null) json.group = node.group
  json.name = node.name
  if (node.version !== null) json.version = node.version
  if (node.purl !== null) json.purl = node.purl
  if (node.purlCoordinates !== null) json.purlCoordinates = node.purlCoordinates
  if (node.cpe !== null) json.cpe = node.cpe
  if (node.swidTagId !== null) json.swidTagId = node.swidTagId
  return json
}

/**
 * The directDependencies of one node (stored as the JSON text of this array): the nodes its
 * bom-refs depend on, each once, in BOM order. Unknown refs are skipped (and reported); a node
 * never lists itself. Null when empty.
 */
export function directDependencies(
  dependsOn: readonly string[] | undefined,
  refs: Map<string, NodeRef>,
  nodeJson: (ref: NodeRef) => GraphNodeJson,
  self: NodeRef | undefined,
  unknown: Set<string>,
): GraphNodeJson[] | null {
  if (!dependsOn || dependsOn.length === 0) return null
  const parts: GraphNodeJson[] = []
  const seen = new Set<string>()
  for (const target of dependsOn) {
    const node = refs.get(target)
    if (!node) {
      unknown.add(target)
      continue
    }
    if (self && node.kind === self.kind && node.index === self.index) continue
    const key = `${node.kind}:${node.index}`
    if (seen.has(key)) continue
    seen.add(key)
    parts.push(nodeJson(node))
  }
  return parts.length > 0 ? parts : null
}

/** The `uuid`s a stored directDependencies text names, in order; [] when unreadable. */
export function directDependencyUuidList(text: unknown): string[] {
  if (typeof text !== 'string' || text === '') return []
  try {
    const parsed = JSON.parse(text) as unknown
    if (!Array.isArray(parsed)) return []
    return parsed.flatMap((entry) => {
      const uuid = (entry as { uuid?: unknown } | null)?.uuid
      return typeof uuid === 'string' ? [uuid] : []
    })
  } catch {
    return []
  }
}
