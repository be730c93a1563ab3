import type { AffectedProject } from '~/api/vulnerabilities.server.ts'
import { flagParam, listParamsSchema } from '~/components/list-kit/url-state.ts'

export const AffectedProjectsParamsSchema = listParamsSchema(['name', 'version', 'active'], {
  showInactive: flagParam,
})

type Query = {
  searchText?: string
  sortName?: 'name' | 'version' | 'active'
  sortOrder?: 'asc' | 'desc'
  page: number
  pageSize: number
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** Search (name or version), sort and one page of the affected projects the API answered. */
export function pageOfProjects(projects: AffectedProject[], query: Query) {
  const needle = query.searchText?.toLowerCase()
  const matching = needle
    ? projects.filter((project) =>
        [project.name, project.version].some((text) => text?.toLowerCase().includes(needle)),
      )
    : projects
  const column = query.sortName ?? 'name'
  const direction = query.sortOrder === 'desc' ? -1 : 1
  const sorted = [...matching].sort((a, b) => {
    const compare =
      column === 'active'
        ? Number(a.active !== false) - Number(b.active !== false)
        : collator.compare(a[column] ?? '', b[column] ?? '')
    return (
      compare * direction ||
      collator.compare(a.name, b.name) ||
      collator.compare(a.version ?? '', b.version ?? '')
    )
  })
  const start = (query.page - 1) * query.pageSize
  return { projects: sorted.slice(start, start + query.pageSize), total: sorted.length }
}
