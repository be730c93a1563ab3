import { z } from 'zod'
import {
  levelNodes,
  parseDependencyList,
  type GraphNode,
} from '~/components/dependency-graph/graph-model.ts'
import type { ApiClient } from './client.server.ts'

const DependencyRowSchema = z
  .object({
    uuid: z.string(),
    name: z.string(),
    version: z.string().optional(),
    purl: z.string().optional(),
    directDependencies: z.string().optional(),
    latestVersion: z.string().optional(),
  })
  .loose()

const PathNodeSchema = z
  .object({
    uuid: z.string(),
    name: z.string(),
    version: z.string().optional(),
    purl: z.string().optional(),
    purlCoordinates: z.string().optional(),
    dependencyGraph: z.array(z.string()).optional(),
    expandDependencyGraph: z.boolean().optional(),
    repositoryMeta: z.object({ latestVersion: z.string().optional() }).loose().optional(),
  })
  .loose()

const WithDirectDependencies = z.object({ directDependencies: z.string().optional() }).loose()

/** The direct dependencies of a project or component, resolved to rows (order unspecified). */
export function getDirectDependencies(
  api: ApiClient,
  parent: { kind: 'project' | 'component'; uuid: string },
) {
  return api.json(
    z.array(DependencyRowSchema),
    `/v1/dependencyGraph/${parent.kind}/${encodeURIComponent(parent.uuid)}/directDependencies`,
  )
}

/** A component's own `directDependencies` JSON text (it names object types and coordinates). */
export async function getComponentDependencyText(api: ApiClient, uuid: string) {
  const component = await api.json(
    WithDirectDependencies,
    `/v1/component/${encodeURIComponent(uuid)}`,
  )
  return component.directDependencies
}

/** The paths from the project's roots to the given components (`{}` when none is reachable). */
export function getDependencyPaths(api: ApiClient, projectUuid: string, componentUuids: string[]) {
  return api.json(
    z.record(z.string(), PathNodeSchema),
    `/v1/component/project/${encodeURIComponent(projectUuid)}/dependencyGraph/${encodeURIComponent(componentUuids.join('|'))}`,
  )
}

/** A component's children as graph nodes: its own identity list (types, labels) plus the rows. */
export async function getComponentChildren(api: ApiClient, uuid: string): Promise<GraphNode[]> {
  const [text, rows] = await Promise.all([
    getComponentDependencyText(api, uuid),
    getDirectDependencies(api, { kind: 'component', uuid }),
  ])
  return levelNodes(parseDependencyList(text), rows)
}
