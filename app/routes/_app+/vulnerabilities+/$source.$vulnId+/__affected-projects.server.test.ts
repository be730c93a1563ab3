import { describe, expect, it } from 'vitest'
import { pageOfProjects } from './__affected-projects.server.ts'

const project = (name: string, version: string | null, active = true) => ({
  uuid: `${name}-${version}`,
  name,
  version,
  active,
})
const projects = [
  project('shop', '10.0'),
  project('shop', '9.1'),
  project('billing', null),
  project('archive', '1.0', false),
]

describe('pageOfProjects', () => {
  it('sorts by name, then version in numeric order', () => {
    const { projects: page, total } = pageOfProjects(projects, { page: 1, pageSize: 10 })
    expect(total).toBe(4)
    expect(page.map((p) => p.uuid)).toEqual([
      'archive-1.0',
      'billing-null',
      'shop-9.1',
      'shop-10.0',
    ])
  })

  it('searches names and versions, sorts by any column both ways and pages', () => {
    expect(
      pageOfProjects(projects, { searchText: '10', page: 1, pageSize: 10 }).projects,
    ).toHaveLength(1)
    const inactiveFirst = pageOfProjects(projects, { sortName: 'active', page: 1, pageSize: 10 })
    expect(inactiveFirst.projects[0]!.name).toBe('archive')
    const second = pageOfProjects(projects, {
      sortName: 'name',
      sortOrder: 'desc',
      page: 2,
      pageSize: 2,
    })
    expect(second.projects.map((p) => p.name)).toEqual(['billing', 'archive'])
    expect(second.total).toBe(4)
  })
})
