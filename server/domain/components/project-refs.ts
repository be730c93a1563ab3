import type { Queryable } from '../../db/database.ts'
import { findProjectsByIds, type ProjectRow } from '../../data/projects.ts'
import { tagsOfProjects } from '../../data/tags.ts'

export interface ProjectWithTags {
  row: ProjectRow
  tags: string[]
}

/** The projects (with their tag names) that rows point to, in two queries for any number of rows. */
export async function loadOwningProjects(
  db: Queryable,
  rows: ReadonlyArray<{ project_id: number | string }>,
): Promise<Map<string, ProjectWithTags>> {
  const unique = [...new Set(rows.map((row) => String(row.project_id)))]
  const [projects, tags] = await Promise.all([
    findProjectsByIds(db, unique),
    tagsOfProjects(db, unique.map(Number)),
  ])
  const tagsByProject = new Map<string, string[]>()
  for (const tag of tags) {
    const key = String(tag.project_id)
    tagsByProject.set(key, [...(tagsByProject.get(key) ?? []), tag.name])
  }
  return new Map(
    projects.map((row) => [String(row.id), { row, tags: tagsByProject.get(String(row.id)) ?? [] }]),
  )
}
