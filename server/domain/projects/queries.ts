import type { Queryable } from '../../db/database.ts'
import {
  findLatestProject,
  findProjectByNameVersion,
  findProjectByUuid,
  listProjects,
  type ProjectListFilter,
  type ProjectOrder,
  type ProjectRow,
} from '../../data/projects.ts'
import { findTeamByUuid } from '../../data/teams.ts'
import { problem, textError } from '../../lib/errors.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import { canAccessProject, type ProjectAccess } from './access.ts'
import { CLASSIFIERS } from './input.ts'
import { NAME_ASC, projectOrder, VERSION_DESC } from './sorting.ts'
import { projectView, projectViews, type ViewOptions } from './view.ts'

export const NOT_FOUND = 'The project could not be found.'
export const UUID_NOT_FOUND = 'The UUID of the project could not be found.'
export const FORBIDDEN = 'Access to the specified project is forbidden'

/** Single-object access: 404 when missing, 403 when the caller may not see it. */
export async function requireAccessible(
  db: Queryable,
  access: ProjectAccess,
  project: ProjectRow | undefined,
  notFound = NOT_FOUND,
  forbidden = FORBIDDEN,
): Promise<ProjectRow> {
  if (!project) throw textError(404, notFound)
  if (!(await canAccessProject(db, access, project.id))) throw textError(403, forbidden)
  return project
}

/** A project by UUID, or by exact name and version (a null version matches only null); no access check. */
export function findProject(
  db: Queryable,
  ref: { uuid: string } | { name: string; version: string | null },
): Promise<ProjectRow | undefined> {
  return 'uuid' in ref
    ? findProjectByUuid(db, ref.uuid)
    : findProjectByNameVersion(db, ref.name, ref.version)
}

export async function requireProject(
  db: Queryable,
  access: ProjectAccess,
  uuid: string,
  notFound = NOT_FOUND,
) {
  return requireAccessible(db, access, await findProjectByUuid(db, uuid), notFound)
}

async function page(
  db: Queryable,
  filter: ProjectListFilter,
  order: ProjectOrder[],
  list: ListQuery,
  options: ViewOptions,
) {
  const { rows, total } = await listProjects(db, filter, order, list)
  return { projects: await projectViews(db, rows, options), total }
}

export interface ListFlags {
  excludeInactive: boolean
  onlyRoot: boolean
}

export async function listPortfolio(
  db: Queryable,
  access: ProjectAccess,
  params: ListFlags & { name?: string; notAssignedToTeamUuid?: string },
  list: ListQuery,
) {
  let notAssignedToTeamId: number | undefined
  if (params.notAssignedToTeamUuid !== undefined) {
    const team = await findTeamByUuid(db, params.notAssignedToTeamUuid)
    if (!team) throw textError(404, 'The UUID of the team could not be found.')
    notAssignedToTeamId = Number(team.id)
  }
  const filter: ProjectListFilter = {
    access,
    name: params.name,
    excludeInactive: params.excludeInactive,
    onlyRoot: params.onlyRoot,
    notAssignedToTeamId,
    search: params.name === undefined ? list.searchText : undefined,
  }
  const defaults = params.name === undefined ? [NAME_ASC, VERSION_DESC] : [VERSION_DESC]
  // 4.13 embeds each project's newest metrics, except when listing one name's versions.
  return page(db, filter, projectOrder(list, defaults), list, {
    hierarchy: params.onlyRoot,
    metrics: params.name === undefined,
  })
}

/** The projects a team is given by the portfolio ACL, whoever asks (GET /acl/team/{uuid}). */
export async function listAssignedToTeam(
  db: Queryable,
  teamId: number,
  flags: ListFlags,
  list: ListQuery,
) {
  const filter: ProjectListFilter = {
    access: { teamIds: undefined },
    assignedToTeamId: teamId,
    ...flags,
  }
  const defaults = [NAME_ASC, VERSION_DESC]
  return page(db, filter, projectOrder(list, defaults), list, { hierarchy: flags.onlyRoot })
}

export async function listByTag(
  db: Queryable,
  access: ProjectAccess,
  tag: string,
  flags: ListFlags,
  list: ListQuery,
) {
  const filter = { access, ...flags, tag: tag.trim().toLowerCase(), nameSearch: list.searchText }
  return page(db, filter, projectOrder(list, [NAME_ASC]), list, {
    hierarchy: flags.onlyRoot,
    metrics: true,
  })
}

export async function listByClassifier(
  db: Queryable,
  access: ProjectAccess,
  classifier: string,
  flags: ListFlags,
  list: ListQuery,
) {
  if (!(CLASSIFIERS as readonly string[]).includes(classifier)) {
    throw textError(400, 'The classifier type specified is not valid.')
  }
  const filter = { access, ...flags, classifier, nameSearch: list.searchText }
  return page(db, filter, projectOrder(list, [NAME_ASC]), list, {
    hierarchy: flags.onlyRoot,
    metrics: true,
  })
}

export async function listChildren(
  db: Queryable,
  access: ProjectAccess,
  uuid: string,
  params: { excludeInactive: boolean; classifier?: string; tag?: string },
  list: ListQuery,
) {
  const parent = await requireProject(db, access, uuid, UUID_NOT_FOUND)
  if (
    params.classifier !== undefined &&
    !(CLASSIFIERS as readonly string[]).includes(params.classifier)
  ) {
    throw problem(
      400,
      'Illegal argument provided',
      `No enum constant org.dependencytrack.model.Classifier.${params.classifier}`,
    )
  }
  const filter: ProjectListFilter = {
    access,
    parentId: parent.id,
    excludeInactive: params.excludeInactive,
    classifier: params.classifier,
    tag: params.tag?.trim().toLowerCase(),
    search: list.searchText,
  }
  const defaults = params.classifier || params.tag ? [NAME_ASC] : [NAME_ASC, VERSION_DESC]
  return page(db, filter, projectOrder(list, defaults), list, { hierarchy: true, metrics: true })
}

export async function listWithoutDescendantsOf(
  db: Queryable,
  access: ProjectAccess,
  uuid: string,
  params: { name?: string; excludeInactive: boolean },
  list: ListQuery,
) {
  const project = await requireProject(db, access, uuid, UUID_NOT_FOUND)
  const filter: ProjectListFilter = {
    access,
    name: params.name,
    excludeInactive: params.excludeInactive,
    search: params.name === undefined ? list.searchText : undefined,
    excludeSubtreeOf: project.id,
  }
  const defaults = params.name === undefined ? [NAME_ASC, VERSION_DESC] : [VERSION_DESC]
  return page(db, filter, projectOrder(list, defaults), list, {})
}

export async function getProject(db: Queryable, access: ProjectAccess, uuid: string) {
  const project = await requireProject(db, access, uuid)
  return projectView(db, project, { hierarchy: true, versions: true, metrics: true })
}

export async function lookupProject(
  db: Queryable,
  access: ProjectAccess,
  name: string | undefined,
  version: string | undefined,
) {
  const row =
    name === undefined ? undefined : await findProjectByNameVersion(db, name, version ?? null)
  const project = await requireAccessible(db, access, row)
  return projectView(db, project, { versions: true, metrics: true })
}

export async function latestProject(db: Queryable, access: ProjectAccess, name: string) {
  const project = await requireAccessible(db, access, await findLatestProject(db, name))
  return projectView(db, project, { versions: true, metrics: true })
}
