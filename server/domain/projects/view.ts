import type { Queryable } from '../../db/database.ts'
import {
  childrenOf,
  projectRefs,
  projectVersions,
  type ProjectRef,
  type ProjectRow,
} from '../../data/projects.ts'
import { latestProjectMetrics } from '../../data/metrics.ts'
import type { ProjectMetricsRow } from '../../data/metrics-columns.ts'
import { propertiesOfProjects, type ProjectPropertyRow } from '../../data/project-properties.ts'
import { tagsOfProjects } from '../../data/tags.ts'

/** A project with the relations one answer shows (Dependency-Track's fetch groups). */
export interface ProjectView {
  row: ProjectRow
  tags: string[]
  properties: ProjectPropertyRow[]
  /** Present when the ALL fetch group is loaded: parent reference and shallow children. */
  hierarchy?: { parent: ProjectRef | undefined; children: ProjectRow[] }
  versions?: Array<{ uuid: string; version: string | null; active: boolean }>
  /** The newest metrics row, when asked for and the project has one. */
  metrics?: ProjectMetricsRow
}

export interface ViewOptions {
  hierarchy?: boolean
  versions?: boolean
  metrics?: boolean
}

function groupBy<T>(items: T[], key: (item: T) => number) {
  const groups = new Map<number, T[]>()
  for (const item of items) {
    const id = key(item)
    const group = groups.get(id)
    if (group) group.push(item)
    else groups.set(id, [item])
  }
  return groups
}

/** Loads the relations of a page of projects with one query per relation. */
export async function projectViews(
  db: Queryable,
  rows: ProjectRow[],
  options: ViewOptions = {},
): Promise<ProjectView[]> {
  if (rows.length === 0) return []
  const ids = rows.map((row) => row.id)
  const parentIds = [
    ...new Set(rows.flatMap((row) => (row.parent_id === null ? [] : [row.parent_id]))),
  ]
  // Asked together: on PGlite they queue as one run (a request's statements are not interleaved
  // with job work between them), on PostgreSQL they run side by side (in a transaction, one at a
  // time in order: server/db/postgres.ts).
  const [tags, properties, children, parents, versions, metrics] = await Promise.all([
    tagsOfProjects(db, ids),
    propertiesOfProjects(db, ids),
    options.hierarchy ? childrenOf(db, ids) : [],
    options.hierarchy && parentIds.length > 0 ? projectRefs(db, parentIds) : [],
    options.versions ? versionsByName(db, rows) : new Map<string, ProjectView['versions']>(),
    options.metrics ? latestProjectMetrics(db, ids) : undefined,
  ])
  const tagsById = groupBy(tags, (tag) => Number(tag.project_id))
  const propertiesById = groupBy(properties, (property) => Number(property.project_id))
  const childrenById = groupBy(children, (child) => child.parent_id!)
  const parentsById = new Map(parents.map((parent) => [parent.id, parent]))
  return rows.map((row) => ({
    row,
    tags: (tagsById.get(row.id) ?? []).map((tag) => tag.name),
    properties: propertiesById.get(row.id) ?? [],
    ...(options.hierarchy
      ? {
          hierarchy: {
            parent: row.parent_id === null ? undefined : parentsById.get(row.parent_id),
            children: childrenById.get(row.id) ?? [],
          },
        }
      : {}),
    ...(options.versions ? { versions: versions.get(row.name) ?? [] } : {}),
    ...(metrics?.has(row.id) ? { metrics: metrics.get(row.id) } : {}),
  }))
}

async function versionsByName(db: Queryable, rows: ProjectRow[]) {
  const names = [...new Set(rows.map((row) => row.name))]
  const entries = []
  for (const name of names) entries.push([name, await projectVersions(db, name)] as const)
  return new Map(entries)
}

export async function projectView(db: Queryable, row: ProjectRow, options: ViewOptions = {}) {
  return (await projectViews(db, [row], options))[0]!
}
