import type { Queryable } from '../../db/database.ts'
import { findProjectByUuid } from '../../data/components.ts'
import * as services from '../../data/services.ts'
import { textError } from '../../lib/errors.ts'
import type { ListQuery } from '../../lib/list-query.ts'
import type { Principal } from '../auth/principal.ts'
import {
  isCollectionProject,
  loadAccessibleProject,
  loadAccessibleService,
  PROJECT_FORBIDDEN,
  PROJECT_MESSAGES,
  requireProjectAccess,
  SERVICE_FORBIDDEN,
} from './access.ts'
import { serviceValues } from './fields.ts'
import type { ServiceInput } from './schemas.ts'
import { orderByClause, type SortableEntity } from './sorting.ts'

const SERVICE: SortableEntity = {
  name: 'ServiceComponent',
  columns: services.SERVICE_SORT_COLUMNS,
  computed: new Set(['bomRef']),
  tieBreaker: 's.id',
}

const SERVICE_MESSAGES = {
  notFound: 'The service could not be found.',
  forbidden: SERVICE_FORBIDDEN,
}
const UPDATE_MESSAGES = {
  notFound: 'The UUID of the service could not be found.',
  forbidden: SERVICE_FORBIDDEN,
}

export async function listProjectServices(
  db: Queryable,
  principal: Principal | undefined,
  projectUuid: string,
  query: ListQuery,
) {
  const project = await loadAccessibleProject(db, principal, projectUuid, PROJECT_MESSAGES)
  return services.listProjectServices(
    db,
    project.id,
    query.searchText,
    orderByClause(SERVICE, query, 's.name ASC, s.version DESC'),
    query,
  )
}

export const getService = (db: Queryable, principal: Principal | undefined, uuid: string) =>
  loadAccessibleService(db, principal, uuid, SERVICE_MESSAGES)

/** The stored row of a service just written (it exists: the caller wrote it). */
export const storedService = async (db: Queryable, uuid: string) =>
  (await services.findServiceByUuid(db, uuid))!

export async function createService(
  db: Queryable,
  principal: Principal | undefined,
  projectUuid: string,
  input: ServiceInput,
) {
  const project = await findProjectByUuid(db, projectUuid)
  if (!project) throw textError(404, 'The project could not be found.')
  if (isCollectionProject(project)) {
    throw textError(400, 'Collection project cannot contain services.')
  }
  await requireProjectAccess(db, principal, project.id, PROJECT_FORBIDDEN)
  return services.insertService(db, project.id, serviceValues(input))
}

export async function updateService(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string | undefined,
  input: ServiceInput,
) {
  if (uuid === undefined) throw textError(404, UPDATE_MESSAGES.notFound)
  const row = await loadAccessibleService(db, principal, uuid, UPDATE_MESSAGES)
  await services.updateService(db, row.id, serviceValues(input))
  return row.uuid
}

export async function deleteService(db: Queryable, principal: Principal | undefined, uuid: string) {
  const row = await loadAccessibleService(db, principal, uuid, UPDATE_MESSAGES)
  await services.deleteService(db, row.id)
}
