import { versionStatus } from '../../../common/versions/latest.ts'

/** Key of the project (the tree's root) in `GraphData.children`. */
export const ROOT = 'project'
/** Most nodes the server expands for one page (the `expand` URL list is cut there). */
export const MAX_EXPANDED = 100
/** Most rows one rendered tree shows; deeper or wider parts are cut and reported. */
export const MAX_VISIBLE = 2000

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export type ObjectType = 'COMPONENT' | 'SERVICE'

/** One entry of a `directDependencies` JSON text (contract §5.3). */
export interface DependencyIdentity {
  uuid: string
  objectType: ObjectType
  name?: string
  group?: string
  version?: string
  purl?: string
  purlCoordinates?: string
}

export interface GraphNode {
  uuid: string
  objectType: ObjectType
  label: string
  /** How many direct dependencies the node has (0: a leaf). */
  childCount: number
  /** Newest known version, when the server has repository metadata. */
  latestVersion?: string
  version?: string
  /** The package URL, for comparing versions in the component's ecosystem. */
  purl?: string
}

/** The part of the graph loaded so far: nodes by UUID, and loaded child lists by parent. */
export interface GraphData {
  nodes: Record<string, GraphNode>
  children: Record<string, string[]>
}

/** A row of `GET /dependencyGraph/{project|component}/{uuid}/directDependencies`. */
export interface DependencyRow {
  uuid: string
  name: string
  version?: string
  purl?: string
  directDependencies?: string
  latestVersion?: string
}

function text(value: unknown) {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined
}

/** Parses a `directDependencies` JSON text; anything unreadable counts as no dependencies. */
export function parseDependencyList(json: string | null | undefined): DependencyIdentity[] {
  if (!json) return []
  let parsed: unknown
  try {
    parsed = JSON.parse(json)
  } catch {
    return []
  }
  if (!Array.isArray(parsed)) return []
  const seen = new Set<string>()
  const identities: DependencyIdentity[] = []
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue
    const record = entry as Record<string, unknown>
    const uuid = text(record.uuid)?.toLowerCase()
    if (!uuid || !UUID.test(uuid) || seen.has(uuid)) continue
    seen.add(uuid)
    identities.push({
      uuid,
      objectType: record.objectType === 'SERVICE' ? 'SERVICE' : 'COMPONENT',
      name: text(record.name),
      group: text(record.group),
      version: text(record.version),
      purl: text(record.purl),
      purlCoordinates: text(record.purlCoordinates),
    })
  }
  return identities
}

/** The 4.13 node label: PURL coordinates, else the PURL, else "group name version". */
export function nodeLabel(identity: Partial<Omit<DependencyIdentity, 'uuid' | 'objectType'>>) {
  return (
    identity.purlCoordinates ??
    identity.purl ??
    [identity.group, identity.name, identity.version].filter(Boolean).join(' ')
  )
}

/**
 * Turns one level of the direct-dependencies API into nodes. `identities` is the parent's own
 * `directDependencies` text (it knows object types and coordinates, which the API rows lack)
 * and gives the order; rows the text does not name come last.
 */
export function levelNodes(identities: DependencyIdentity[], rows: DependencyRow[]): GraphNode[] {
  const rowsByUuid = new Map(rows.map((row) => [row.uuid.toLowerCase(), row]))
  const ordered = [
    ...identities.flatMap((identity) => {
      const row = rowsByUuid.get(identity.uuid)
      return row ? [{ identity, row }] : []
    }),
    ...rows
      .filter((row) => !identities.some((identity) => identity.uuid === row.uuid.toLowerCase()))
      .map((row) => ({ identity: undefined, row })),
  ]
  return ordered.map(({ identity, row }) => ({
    uuid: row.uuid.toLowerCase(),
    objectType: identity?.objectType ?? 'COMPONENT',
    label:
      nodeLabel({
        purlCoordinates: identity?.purlCoordinates,
        purl: row.purl ?? identity?.purl,
        group: identity?.group,
        name: row.name,
        version: row.version,
      }) || row.uuid,
    childCount: parseDependencyList(row.directDependencies).length,
    latestVersion: row.latestVersion,
    version: row.version,
    purl: row.purl ?? identity?.purl,
  }))
}

/** Records `nodes` as the loaded children of `parent` (ROOT or a node UUID). */
export function withChildren(data: GraphData, parent: string, nodes: GraphNode[]): GraphData {
  const merged = { ...data.nodes }
  for (const node of nodes) merged[node.uuid] = { ...merged[node.uuid], ...node }
  return {
    nodes: merged,
    children: { ...data.children, [parent]: nodes.map((node) => node.uuid) },
  }
}

/**
 * Keeps at most `limit` children per parent (more than a tree view can show anyway) and drops
 * the nodes no list refers to any more; `cut` tells whether anything was left out.
 */
export function capChildren(data: GraphData, limit = MAX_VISIBLE) {
  let cut = false
  const children: Record<string, string[]> = {}
  const kept = new Set<string>()
  for (const [parent, list] of Object.entries(data.children)) {
    if (list.length > limit) cut = true
    children[parent] = list.slice(0, limit)
    for (const uuid of children[parent]) kept.add(uuid)
  }
  const nodes = Object.fromEntries(Object.entries(data.nodes).filter(([uuid]) => kept.has(uuid)))
  return { data: { nodes, children }, cut }
}

/** A node of the reachability answer `GET /component/project/{p}/dependencyGraph/{uuids}`. */
export interface PathNode {
  uuid: string
  name: string
  version?: string
  purl?: string
  purlCoordinates?: string
  dependencyGraph?: string[]
  expandDependencyGraph?: boolean
  repositoryMeta?: { latestVersion?: string }
}

/**
 * The "paths only" lookup graph: the project's roots and the children that lead to the searched
 * components, with the path nodes expanded. `found` lists the searched UUIDs present in the
 * answer, in the order asked.
 */
export function pathGraph(
  roots: DependencyIdentity[],
  answer: Record<string, PathNode>,
  searched: string[],
) {
  const byUuid = new Map(
    Object.values(answer).map((node) => [node.uuid.toLowerCase(), node] as const),
  )
  const found = searched.filter((uuid) => byUuid.has(uuid))
  const onPath = (uuid: string) =>
    found.includes(uuid) || byUuid.get(uuid)?.expandDependencyGraph === true
  const toNode = (node: PathNode, identity?: DependencyIdentity): GraphNode => ({
    uuid: node.uuid.toLowerCase(),
    objectType: 'COMPONENT',
    label:
      nodeLabel({
        purlCoordinates: node.purlCoordinates ?? identity?.purlCoordinates,
        purl: node.purl ?? identity?.purl,
        group: identity?.group,
        name: node.name,
        version: node.version,
      }) || node.uuid,
    childCount: new Set(node.dependencyGraph ?? []).size,
    latestVersion: node.repositoryMeta?.latestVersion,
    version: node.version,
    purl: node.purl ?? identity?.purl,
  })

  const data: GraphData = { nodes: {}, children: {} }
  const expanded: string[] = []
  if (found.length === 0) return { data, expanded, found }
  for (const node of byUuid.values()) {
    if (onPath(node.uuid.toLowerCase())) data.nodes[node.uuid.toLowerCase()] = toNode(node)
  }
  const rootUuids = roots.map((identity) => identity.uuid).filter(onPath)
  for (const identity of roots) {
    const node = byUuid.get(identity.uuid)
    if (node && onPath(identity.uuid)) data.nodes[identity.uuid] = toNode(node, identity)
  }
  data.children[ROOT] = rootUuids
  for (const node of byUuid.values()) {
    const uuid = node.uuid.toLowerCase()
    if (node.expandDependencyGraph !== true) continue
    expanded.push(uuid)
    data.children[uuid] = [...new Set(node.dependencyGraph ?? [])]
      .map((child) => child.toLowerCase())
      .filter(onPath)
  }
  return { data, expanded, found }
}

export interface TreeItem {
  /** Unique per occurrence: the UUIDs from the root, joined by "/". */
  key: string
  node: GraphNode
  depth: number
  expanded: boolean
  /** The node's children are loaded (an expanded node always has them, unless it is a cycle). */
  loaded: boolean
  /** The node already occurs above itself; it is not expanded again. */
  cycle: boolean
  children: TreeItem[]
}

/**
 * The visible tree: roots, and the loaded children of every expanded node, depth first. A node
 * occurs once per path to it; cycles stop at the repeated node, and the tree is cut at `limit`
 * rows (`truncated`).
 */
export function buildTree(
  data: GraphData,
  expanded: ReadonlySet<string>,
  limit = MAX_VISIBLE,
): { items: TreeItem[]; count: number; truncated: boolean } {
  let count = 0
  let truncated = false
  function level(parentKey: string, uuids: string[], depth: number, ancestors: Set<string>) {
    const items: TreeItem[] = []
    for (const uuid of uuids) {
      const node = data.nodes[uuid]
      if (!node) continue
      if (count >= limit) {
        truncated = true
        break
      }
      count++
      const key = parentKey ? `${parentKey}/${uuid}` : uuid
      const cycle = ancestors.has(uuid)
      const loadedChildren = data.children[uuid]
      const isExpanded = !cycle && expanded.has(uuid) && loadedChildren !== undefined
      items.push({
        key,
        node,
        depth,
        expanded: isExpanded,
        loaded: loadedChildren !== undefined,
        cycle,
        children: isExpanded
          ? level(key, loadedChildren, depth + 1, new Set([...ancestors, uuid]))
          : [],
      })
    }
    return items
  }
  const items = level('', data.children[ROOT] ?? [], 1, new Set())
  return { items, count, truncated }
}

/** The tree's rows in reading order (what a list or a keyboard walk visits). */
export function flattenTree(items: TreeItem[]): TreeItem[] {
  return items.flatMap((item) => [item, ...flattenTree(item.children)])
}

/** The `expand` URL parameter: comma-separated node UUIDs, deduplicated and capped. */
export function parseExpandParam(value: string | null | undefined): string[] {
  const uuids = (value ?? '')
    .split(',')
    .map((uuid) => uuid.trim().toLowerCase())
    .filter((uuid) => UUID.test(uuid))
  return [...new Set(uuids)].slice(0, MAX_EXPANDED)
}

/** `|`-separated component UUIDs of the lookup address, lower-cased; undefined when malformed. */
export function parseLookupParam(value: string | undefined): string[] | undefined {
  if (!value) return undefined
  const uuids = value.split('|').map((uuid) => uuid.trim().toLowerCase())
  return uuids.length > 0 && uuids.every((uuid) => UUID.test(uuid)) ? uuids : undefined
}

/** The current address with `uuid` added to (or removed from) `expand`. */
export function expandHref(current: URLSearchParams, uuid: string, expand: boolean) {
  const list = parseExpandParam(current.get('expand')).filter((id) => id !== uuid)
  if (expand) list.push(uuid)
  const next = new URLSearchParams(current)
  if (list.length > 0) next.set('expand', list.join(','))
  else next.delete('expand')
  const query = next.toString()
  return query ? `?${query}` : '?'
}

/** Where a node's details live in the console. */
export function nodeHref(node: Pick<GraphNode, 'uuid' | 'objectType'>) {
  return node.objectType === 'SERVICE' ? `/services/${node.uuid}` : `/components/${node.uuid}`
}

/** True when a newer version is known, compared in the node's ecosystem (common/versions/latest.ts). */
export function isOutdated(node: Pick<GraphNode, 'version' | 'latestVersion' | 'purl'>) {
  return versionStatus(node) === 'outdated'
}

export interface LayoutNode {
  id: string
  width: number
  children: LayoutNode[]
}

/**
 * A left-to-right tidy tree: one column per depth (as wide as its widest node), leaves on
 * consecutive rows, every parent centred on its children. Answers node centres.
 */
export function tidyTree(root: LayoutNode, rowHeight = 44, gap = 56) {
  const widths: number[] = []
  const measure = (node: LayoutNode, depth: number) => {
    widths[depth] = Math.max(widths[depth] ?? 0, node.width)
    for (const child of node.children) measure(child, depth + 1)
  }
  measure(root, 0)
  const columns = [0]
  for (let depth = 1; depth < widths.length; depth++) {
    columns[depth] = columns[depth - 1]! + widths[depth - 1]! / 2 + gap + widths[depth]! / 2
  }
  const positions = new Map<string, { x: number; y: number }>()
  let row = 0
  const place = (node: LayoutNode, depth: number): number => {
    let y: number
    if (node.children.length === 0) {
      y = row++ * rowHeight
    } else {
      const ys = node.children.map((child) => place(child, depth + 1))
      y = (ys[0]! + ys[ys.length - 1]!) / 2
    }
    positions.set(node.id, { x: columns[depth]!, y })
    return y
  }
  place(root, 0)
  return positions
}

/**
 * A label short enough for a graph node: a long one keeps its start and its last segment (the
 * name and version of a PURL) around an ellipsis.
 */
export function compactLabel(label: string, max = 48) {
  if (label.length <= max) return label
  const cut = Math.max(label.lastIndexOf('/'), label.lastIndexOf(':'))
  const tail = cut > 0 && label.length - cut <= max * 0.6 ? label.slice(cut) : ''
  const end = tail || label.slice(label.length - Math.floor((max - 1) / 2))
  return `${label.slice(0, max - 1 - end.length)}…${end}`
}

/** Node labels grow when zoomed out, so they stay legible (up to half as big again). */
export function labelFontSize(zoom: number, base = 12, legible = 9) {
  return Math.min(base * 1.5, Math.max(base, legible / Math.max(zoom, 0.01)))
}

/** The keys of the searched occurrences and of every node on the way to them. */
export function pathKeys(flat: TreeItem[], searched: readonly string[]) {
  const keys = new Set<string>()
  for (const item of flat) {
    if (!searched.includes(item.node.uuid)) continue
    const parts = item.key.split('/')
    for (let length = 1; length <= parts.length; length++) {
      keys.add(parts.slice(0, length).join('/'))
    }
  }
  return keys
}

export interface Box {
  x1: number
  y1: number
  x2: number
  y2: number
}

/**
 * The zoom and pan that show `box` (model coordinates) whole and centred in a `width`×`height`
 * view with `padding` around it; never closer than `maxZoom`, so a small graph is not blown up.
 */
export function fitViewport(
  box: Box,
  width: number,
  height: number,
  { padding = 24, minZoom = 0.05, maxZoom = 1.25 } = {},
) {
  const boxWidth = Math.max(box.x2 - box.x1, 1)
  const boxHeight = Math.max(box.y2 - box.y1, 1)
  const fitting = Math.min((width - 2 * padding) / boxWidth, (height - 2 * padding) / boxHeight)
  const zoom = Math.min(maxZoom, Math.max(minZoom, fitting))
  return {
    zoom,
    pan: {
      x: width / 2 - ((box.x1 + box.x2) / 2) * zoom,
      y: height / 2 - ((box.y1 + box.y2) / 2) * zoom,
    },
  }
}
