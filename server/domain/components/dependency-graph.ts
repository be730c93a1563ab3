import {
  graphComponentsByUuids,
  graphComponentsOfProject,
  type GraphComponentRow,
} from '../../data/components.ts'
import { graphServicesByUuids, type GraphServiceRow } from '../../data/services.ts'
import type { Queryable } from '../../db/database.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * The `uuid`s of a directDependencies JSON text, in order; undefined when the text is not a
 * JSON array. Entries without a usable UUID are skipped.
 */
export function directDependencyUuids(text: string | null | undefined): string[] | undefined {
  if (text === null || text === undefined || text.trim() === '') return []
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!Array.isArray(parsed)) return undefined
  const uuids: string[] = []
  for (const entry of parsed) {
    const uuid = (entry as { uuid?: unknown } | null)?.uuid
    if (typeof uuid === 'string' && UUID.test(uuid)) uuids.push(uuid.toLowerCase())
  }
  return uuids
}

export type DependencyGraphEntry =
  { kind: 'component'; row: GraphComponentRow } | { kind: 'service'; row: GraphServiceRow }

/** Resolves a directDependencies text to components and services; unknown UUIDs drop out. */
export async function resolveDirectDependencies(
  db: Queryable,
  text: string | null,
): Promise<DependencyGraphEntry[]> {
  const uuids = [...new Set(directDependencyUuids(text) ?? [])]
  const components = await graphComponentsByUuids(db, uuids)
  const services =
    components.length < uuids.length
      ? await graphServicesByUuids(db, uuids)
      : ([] as GraphServiceRow[])
  const byUuid = new Map<string, DependencyGraphEntry>()
  for (const row of services) byUuid.set(row.uuid, { kind: 'service', row })
  for (const row of components) byUuid.set(row.uuid, { kind: 'component', row })
  return uuids.flatMap((uuid) => byUuid.get(uuid) ?? [])
}

/** The components of a `|`-separated UUID list, in order; undefined when one is unknown. */
export async function componentsListed(
  db: Queryable,
  list: string,
): Promise<GraphComponentRow[] | undefined> {
  const uuids = list.split('|').map((uuid) => uuid.trim().toLowerCase())
  if (!uuids.every((uuid) => UUID.test(uuid))) return undefined
  const byUuid = new Map((await graphComponentsByUuids(db, uuids)).map((row) => [row.uuid, row]))
  const rows = uuids.map((uuid) => byUuid.get(uuid))
  return rows.every((row) => row !== undefined) ? rows : undefined
}

export interface GraphNode {
  row: GraphComponentRow
  /** Child UUIDs shown under this node; absent when none were looked at. */
  dependencyGraph: Set<string> | undefined
  /** True for ancestors of the requested components. */
  expand: boolean
}

/**
 * The graph the console draws to show where components occur (contract §5.4): every path from
 * the project's roots down to each requested component, plus the roots and two levels of
 * children of every node on those paths.
 */
export async function expandedDependencyGraph(
  db: Queryable,
  project: { id: number | string; direct_dependencies: string | null },
  requested: GraphComponentRow[],
): Promise<Map<string, GraphNode>> {
  const nodes = new Map<string, GraphNode>()
  if (!project.direct_dependencies || project.direct_dependencies.trim() === '') return nodes

  const projectComponents = await graphComponentsOfProject(db, project.id)
  const known = new Map<string, GraphComponentRow>()
  for (const row of [...projectComponents, ...requested]) known.set(row.uuid, row)
  const childrenOf = new Map<string, string[]>()
  const parentsOf = new Map<string, GraphComponentRow[]>()
  for (const row of projectComponents) {
    const children = directDependencyUuids(row.direct_dependencies) ?? []
    childrenOf.set(row.uuid, children)
    for (const child of new Set(children)) {
      parentsOf.set(child, [...(parentsOf.get(child) ?? []), row])
    }
  }
  const nodeOf = (row: GraphComponentRow): GraphNode =>
    nodes.get(row.uuid) ?? { row, dependencyGraph: undefined, expand: false }

  function addAncestors(child: GraphComponentRow) {
    for (const parent of parentsOf.get(child.uuid) ?? []) {
      const node = nodeOf(parent)
      node.expand = true
      node.dependencyGraph ??= new Set()
      node.dependencyGraph.add(child.uuid)
      if (!nodes.has(parent.uuid)) {
        nodes.set(parent.uuid, node)
        addAncestors(parent)
      }
    }
  }

  function addChildren() {
    const added = new Map<string, GraphNode>()
    for (const node of nodes.values()) {
      const children =
        childrenOf.get(node.row.uuid) ?? directDependencyUuids(node.row.direct_dependencies) ?? []
      for (const uuid of children) {
        node.dependencyGraph ??= new Set()
        if (nodes.has(uuid) || added.has(uuid)) {
          node.dependencyGraph.add(uuid)
          continue
        }
        const row = known.get(uuid)
        if (!row) continue
        added.set(uuid, { row, dependencyGraph: undefined, expand: false })
        node.dependencyGraph.add(uuid)
      }
    }
    for (const [uuid, node] of added) nodes.set(uuid, node)
  }

  for (const row of requested) {
    nodes.set(row.uuid, nodeOf(row))
    addAncestors(row)
  }
  if (nodes.size === 0) return nodes
  for (const uuid of directDependencyUuids(project.direct_dependencies) ?? []) {
    const row = known.get(uuid)
    if (row && !nodes.has(uuid)) nodes.set(uuid, nodeOf(row))
  }
  addChildren()
  addChildren()
  return nodes
}
