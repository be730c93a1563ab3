import { findComponentByUuid, findProjectByUuid } from '../../data/components.ts'
import { findServiceByUuid } from '../../data/services.ts'
import type { Queryable } from '../../db/database.ts'
import { textError } from '../../lib/errors.ts'
import type { Principal } from '../auth/principal.ts'
import { canAccessProject, projectAccessFor } from '../projects/access.ts'

export const PROJECT_FORBIDDEN = 'Access to the specified project is forbidden'
export const COMPONENT_FORBIDDEN = 'Access to the specified component is forbidden'
export const SERVICE_FORBIDDEN = 'Access to the specified service is forbidden'

/** ACL check for a single object: 403 with the given text when the project is off limits. */
export async function requireProjectAccess(
  db: Queryable,
  principal: Principal | undefined,
  projectId: number | string,
  forbiddenMessage: string,
) {
  const access = await projectAccessFor(db, principal)
  if (!(await canAccessProject(db, access, Number(projectId)))) {
    throw textError(403, forbiddenMessage)
  }
}

/** Collection projects aggregate their children and hold no components or services. */
export const isCollectionProject = (project: { collection_logic: string | null }) =>
  project.collection_logic !== null && project.collection_logic !== 'NONE'

interface Messages {
  notFound: string
  forbidden: string
}

export const COMPONENT_MESSAGES: Messages = {
  notFound: 'The component could not be found.',
  forbidden: COMPONENT_FORBIDDEN,
}
export const PROJECT_MESSAGES: Messages = {
  notFound: 'The project could not be found.',
  forbidden: PROJECT_FORBIDDEN,
}

export async function loadAccessibleComponent(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
  messages: Messages,
) {
  const component = await findComponentByUuid(db, uuid)
  if (!component) throw textError(404, messages.notFound)
  await requireProjectAccess(db, principal, component.project_id, messages.forbidden)
  return component
}

export async function loadAccessibleProject(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
  messages: Messages,
) {
  const project = await findProjectByUuid(db, uuid)
  if (!project) throw textError(404, messages.notFound)
  await requireProjectAccess(db, principal, project.id, messages.forbidden)
  return project
}

export async function loadAccessibleService(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
  messages: Messages,
) {
  const service = await findServiceByUuid(db, uuid)
  if (!service) throw textError(404, messages.notFound)
  await requireProjectAccess(db, principal, service.project_id, messages.forbidden)
  return service
}
