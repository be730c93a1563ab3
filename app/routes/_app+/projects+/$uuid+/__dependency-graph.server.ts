import {
  getComponentChildren,
  getDependencyPaths,
  getDirectDependencies,
} from '~/api/dependency-graph.server.ts'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import {
  MAX_EXPANDED,
  ROOT,
  capChildren,
  levelNodes,
  parseDependencyList,
  pathGraph,
  withChildren,
  type GraphData,
} from '~/components/dependency-graph/graph-model.ts'

export interface GraphPage {
  data: GraphData
  /** The nodes shown expanded (asked for in `expand`, plus the lookup's path nodes). */
  expanded: string[]
  /** Lookup mode: the searched components that were found. */
  found: string[]
  notFound: boolean
  /** Some parent had more children than a page shows; the rest were left out. */
  cut: boolean
}

/**
 * Loads what one page shows: the project's direct dependencies (or, in "paths only" lookup
 * mode, the paths to the searched components), then, level by level, the children of every
 * expanded node that is visible. At most MAX_EXPANDED nodes are loaded.
 */
export async function loadGraphPage(
  api: ApiClient,
  project: { uuid: string; directDependencies?: string },
  options: { expand: string[]; lookup?: string[]; complete: boolean },
): Promise<GraphPage> {
  const roots = parseDependencyList(project.directDependencies)
  let data: GraphData = { nodes: {}, children: {} }
  let expanded = [...options.expand]
  let found: string[] = []
  if (roots.length === 0) {
    return { data, expanded: [], found, notFound: options.lookup !== undefined, cut: false }
  }

  if (options.lookup) {
    let answer = {}
    try {
      answer = await getDependencyPaths(api, project.uuid, options.lookup)
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error
    }
    const paths = pathGraph(roots, answer, options.lookup)
    found = paths.found
    if (found.length === 0) return { data, expanded: [], found, notFound: true, cut: false }
    expanded = [...new Set([...paths.expanded, ...expanded])]
    if (!options.complete) data = paths.data
  }
  if (!data.children[ROOT]) {
    const rows = await getDirectDependencies(api, { kind: 'project', uuid: project.uuid })
    data = withChildren(data, ROOT, levelNodes(roots, rows))
  }

  const wanted = new Set(expanded)
  const seen = new Set<string>()
  let frontier = data.children[ROOT] ?? []
  let loads = 0
  while (frontier.length > 0 && loads < MAX_EXPANDED) {
    const toOpen = frontier.filter((uuid) => {
      if (seen.has(uuid) || !wanted.has(uuid)) return false
      seen.add(uuid)
      const node = data.nodes[uuid]
      return node !== undefined && node.objectType === 'COMPONENT' && node.childCount > 0
    })
    const toLoad = toOpen
      .filter((uuid) => data.children[uuid] === undefined)
      .slice(0, MAX_EXPANDED - loads)
    loads += toLoad.length
    const levels = await Promise.all(
      toLoad.map(async (uuid) => [uuid, await getComponentChildren(api, uuid)] as const),
    )
    for (const [uuid, nodes] of levels) data = withChildren(data, uuid, nodes)
    frontier = toOpen.flatMap((uuid) => data.children[uuid] ?? [])
  }
  const capped = capChildren(data)
  return { data: capped.data, expanded: [...wanted], found, notFound: false, cut: capped.cut }
}
