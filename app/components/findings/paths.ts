/** A node of GET /component/project/{p}/dependencyGraph/{c}: the components on the paths. */
export interface PathAnswerNode {
  uuid: string
  name: string
  version?: string
  dependencyGraph?: string[]
}

export interface PathStep {
  uuid: string
  name: string
  version?: string
}

const MAX_PATHS = 10

/**
 * Every route from the project's direct dependencies down to `target` (at most ten, shortest
 * first). The API answers the components on some path, each with its children; the roots are
 * those no other answered component depends on. Cycles stop at the repeated component.
 */
export function findingPaths(answer: Record<string, PathAnswerNode>, target: string) {
  const byUuid = new Map(
    Object.values(answer).map((node) => [node.uuid.toLowerCase(), node] as const),
  )
  const wanted = target.toLowerCase()
  if (!byUuid.has(wanted)) return []
  const children = (uuid: string) =>
    [...new Set(byUuid.get(uuid)?.dependencyGraph ?? [])]
      .map((child) => child.toLowerCase())
      .filter((child) => byUuid.has(child))
  const referenced = new Set([...byUuid.keys()].flatMap(children))
  const roots = [...byUuid.keys()].filter((uuid) => !referenced.has(uuid))
  const found: string[][] = []
  const walk = (uuid: string, trail: string[]) => {
    if (found.length >= MAX_PATHS * 5 || trail.includes(uuid)) return
    const next = [...trail, uuid]
    if (uuid === wanted) {
      found.push(next)
      return
    }
    for (const child of children(uuid)) walk(child, next)
  }
  for (const root of roots.length > 0 ? roots : [wanted]) walk(root, [])
  return found
    .sort((a, b) => a.length - b.length)
    .slice(0, MAX_PATHS)
    .map((path) =>
      path.map((uuid): PathStep => {
        const node = byUuid.get(uuid)!
        return { uuid: node.uuid, name: node.name, version: node.version }
      }),
    )
}
