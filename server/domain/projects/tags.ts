import type { Database, Queryable } from '../../db/database.ts'
import { accessibleProjectIds } from '../../data/projects.ts'
import {
  addProjectsToTag,
  deleteTagsByIds,
  findTagByName,
  listTaggedProjects,
  listTags,
  removeProjectsFromTag,
  resolveTags,
  tagsOfProjects,
  tagUsage,
  type TagSort,
} from '../../data/tags.ts'
import { problem } from '../../lib/errors.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import type { Principal } from '../auth/principal.ts'
import type { ProjectAccess } from './access.ts'
import { normaliseTagName } from './input.ts'
import { notSortable } from './sorting.ts'

const NOT_SORTABLE = 'Field does not exist or is not sortable'
const TAG_SORTS: TagSort[] = ['name', 'projectCount', 'policyCount', 'notificationRuleCount']

/** SQL-backed tag lists sort ascending unless told otherwise. */
export function allowedSort<T extends string>(
  list: ListQuery,
  allowed: readonly T[],
  entity: string,
) {
  if (list.sortName === undefined) return undefined
  if (!(allowed as readonly string[]).includes(list.sortName)) {
    throw notSortable(entity, list.sortName, NOT_SORTABLE)
  }
  return list.sortName as T
}

export const direction = (list: ListQuery) => list.sortDirection ?? 'asc'

/** The project's tag names, alphabetical. */
export async function projectTagNames(db: Queryable, projectId: number): Promise<string[]> {
  return (await tagsOfProjects(db, [projectId])).map((row) => row.name)
}

export async function tagsPage(db: Queryable, access: ProjectAccess, list: ListQuery) {
  const sort = allowedSort(list, TAG_SORTS, 'Tag')
  return listTags(db, {
    access,
    search: list.searchText,
    sort,
    direction: direction(list),
    offset: list.offset,
    limit: list.limit,
  })
}

export async function taggedProjectsPage(
  db: Queryable,
  access: ProjectAccess,
  tagName: string,
  list: ListQuery,
) {
  const sort = allowedSort(list, ['name', 'version'] as const, 'TaggedProject')
  return listTaggedProjects(db, {
    tagName,
    access,
    search: list.searchText,
    sort,
    direction: direction(list),
    offset: list.offset,
    limit: list.limit,
  })
}

/** Notification rules do not exist yet, so no rule carries a tag. */
export function taggedNotificationRulesPage(list: ListQuery) {
  allowedSort(list, ['name'] as const, 'TaggedNotificationRule')
  return { rows: [] as Array<{ uuid: string; name: string }>, total: 0 }
}

export async function createTags(db: Database, names: string[]) {
  const normalised = names.map(normaliseTagName).filter((name): name is string => name !== null)
  await db.transaction((tx) => resolveTags(tx, [...new Set(normalised)]))
}

/** The tag named in a path, looked up as Dependency-Track resolves tags (trimmed, lower case). */
export async function requireTag(db: Queryable, name: string) {
  const tag = await findTagByName(db, normaliseTagName(name) ?? '')
  if (!tag) {
    throw problem(404, 'Resource does not exist', `A tag with name ${name} does not exist`)
  }
  return tag
}

/** Tags the accessible ones of the given projects; the others are skipped silently. */
export async function tagProjects(
  db: Database,
  access: ProjectAccess,
  tagName: string,
  uuids: string[],
) {
  await db.transaction(async (tx) => {
    const tag = await requireTag(tx, tagName)
    await addProjectsToTag(tx, [Number(tag.id)], await accessibleProjectIds(tx, uuids, access))
  })
}

export async function untagProjects(
  db: Database,
  access: ProjectAccess,
  tagName: string,
  uuids: string[],
) {
  await db.transaction(async (tx) => {
    const tag = await requireTag(tx, tagName)
    await removeProjectsFromTag(tx, Number(tag.id), await accessibleProjectIds(tx, uuids, access))
  })
}

/**
 * All or nothing: every tag must exist; a tag used by projects needs PORTFOLIO_MANAGEMENT and
 * access to all of them; a tag used by policies needs POLICY_MANAGEMENT. (Notification rules
 * cannot use tags yet.)
 */
export async function deleteTags(
  db: Database,
  principal: Principal | undefined,
  access: ProjectAccess,
  names: string[],
) {
  await db.transaction(async (tx) => {
    const unique = [...new Set(names)]
    const usage = await tagUsage(tx, unique, access)
    const errors: Record<string, string> = {}
    const known = new Set(usage.map((row) => row.name))
    for (const name of unique) if (!known.has(name)) errors[name] = 'Tag does not exist'
    if (Object.keys(errors).length === 0) {
      const has = (permission: 'PORTFOLIO_MANAGEMENT' | 'POLICY_MANAGEMENT') =>
        !principal || principal.permissions.has(permission)
      for (const row of usage) {
        const count = Number(row.project_count)
        const hidden = count - Number(row.accessible_project_count)
        const policies = Number(row.policy_count)
        if (count > 0 && !has('PORTFOLIO_MANAGEMENT')) {
          errors[row.name] =
            `The tag is assigned to ${count} project(s), but the authenticated principal is ` +
            'missing the PORTFOLIO_MANAGEMENT permission.'
        } else if (hidden > 0) {
          errors[row.name] =
            `The tag is assigned to ${hidden} project(s) that are not accessible by the ` +
            'authenticated principal.'
        } else if (policies > 0 && !has('POLICY_MANAGEMENT')) {
          errors[row.name] =
            `The tag is assigned to ${policies} policies, but the authenticated principal is ` +
            'missing the POLICY_MANAGEMENT permission.'
        }
      }
    }
    if (Object.keys(errors).length > 0) {
      throw problem(
        400,
        'Tag operation failed',
        `The tag(s) ${Object.keys(errors).sort().join(',')} could not be deleted`,
        { errors },
      )
    }
    await deleteTagsByIds(
      tx,
      usage.map((row) => Number(row.id)),
    )
  })
}
