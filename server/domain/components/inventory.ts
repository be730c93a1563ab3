import type { Queryable } from '../../db/database.ts'
import * as components from '../../data/components.ts'

export type { ComponentRow } from '../../data/components.ts'
import { textError } from '../../lib/errors.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import type { Principal } from '../auth/principal.ts'
import { projectAccessFor } from '../projects/access.ts'
import {
  COMPONENT_FORBIDDEN,
  COMPONENT_MESSAGES,
  isCollectionProject,
  loadAccessibleComponent,
  loadAccessibleProject,
  PROJECT_FORBIDDEN,
  PROJECT_MESSAGES,
  requireProjectAccess,
} from './access.ts'
import { resolveWrittenLicense } from '../licenses/resolution.ts'
import { componentValues } from './fields.ts'
import { internalMatcher } from './internal.ts'
import type { ComponentInput } from './schemas.ts'
import { orderByClause, type SortableEntity } from './sorting.ts'

const COMPONENT: SortableEntity = {
  name: 'Component',
  columns: components.COMPONENT_SORT_COLUMNS,
  computed: new Set([
    'bomRef',
    'licenseCandidates',
    'metrics',
    'repositoryMeta',
    'isNew',
    'cacheResult',
    'dependencyGraph',
    'expandDependencyGraph',
  ]),
  nested: { project: components.PROJECT_SORT_COLUMNS },
  tieBreaker: 'c.id',
}

const UPDATE_MESSAGES = {
  notFound: 'The UUID of the component could not be found.',
  forbidden: COMPONENT_FORBIDDEN,
}

export type ComponentIdentity = Parameters<typeof components.searchComponentsByIdentity>[1]

export async function listProjectComponents(
  db: Queryable,
  principal: Principal | undefined,
  projectUuid: string,
  filters: { onlyOutdated: boolean; onlyDirect: boolean },
  query: ListQuery,
) {
  const project = await loadAccessibleProject(db, principal, projectUuid, PROJECT_MESSAGES)
  return components.listProjectComponents(
    db,
    project.id,
    { searchText: query.searchText, ...filters },
    orderByClause(COMPONENT, query, 'c.name ASC, c.version DESC'),
    query,
  )
}

/** The project a search is narrowed to, if any: it must exist and be accessible. */
export async function searchScope(
  db: Queryable,
  principal: Principal | undefined,
  projectUuid: string | undefined,
) {
  return projectUuid
    ? loadAccessibleProject(db, principal, projectUuid, PROJECT_MESSAGES)
    : undefined
}

export async function searchByIdentity(
  db: Queryable,
  principal: Principal | undefined,
  identity: ComponentIdentity,
  query: ListQuery,
) {
  return components.searchComponentsByIdentity(
    db,
    identity,
    await projectAccessFor(db, principal),
    orderByClause(COMPONENT, query, 'c.id ASC'),
    query,
  )
}

export async function searchByHash(
  db: Queryable,
  principal: Principal | undefined,
  hash: string,
  query: ListQuery,
) {
  return components.searchComponentsByHash(
    db,
    hash,
    await projectAccessFor(db, principal),
    orderByClause(COMPONENT, query, 'c.id ASC'),
    query,
  )
}

export const getComponent = (db: Queryable, principal: Principal | undefined, uuid: string) =>
  loadAccessibleComponent(db, principal, uuid, COMPONENT_MESSAGES)

/** The stored row of a component just written (it exists: the caller wrote it). */
export const storedComponent = async (db: Queryable, uuid: string) =>
  (await components.findComponentByUuid(db, uuid))!

export async function createComponent(
  db: Queryable,
  principal: Principal | undefined,
  projectUuid: string,
  input: ComponentInput,
) {
  const project = await components.findProjectByUuid(db, projectUuid)
  if (!project) throw textError(404, 'The project could not be found.')
  if (isCollectionProject(project)) {
    throw textError(400, 'Collection project cannot contain components.')
  }
  await requireProjectAccess(db, principal, project.id, PROJECT_FORBIDDEN)
  const license = await resolveWrittenLicense(db, input)
  const values = componentValues(input, await internalMatcher(db), license)
  return components.insertComponent(db, project.id, { ...values, external_references: null })
}

export async function updateComponent(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string | undefined,
  input: ComponentInput,
) {
  if (uuid === undefined) throw textError(404, UPDATE_MESSAGES.notFound)
  const row = await loadAccessibleComponent(db, principal, uuid, UPDATE_MESSAGES)
  const license = await resolveWrittenLicense(db, input)
  await components.updateComponent(
    db,
    row.id,
    componentValues(input, await internalMatcher(db), license),
  )
  return row.uuid
}

export async function deleteComponent(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
) {
  const row = await loadAccessibleComponent(db, principal, uuid, UPDATE_MESSAGES)
  await components.deleteComponent(db, row.id)
}
