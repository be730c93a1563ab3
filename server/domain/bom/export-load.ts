import type { Queryable } from '../../db/database.ts'
import {
  findExportComponent,
  findExportProject,
  loadExportComponents,
  loadExportServices,
} from '../../data/bom-export.ts'
import type { Principal } from '../auth/principal.ts'
import { canAccessProject, projectAccessFor } from '../projects/access.ts'
import { textError } from '../../lib/errors.ts'

/** The project and its inventory for an export; a VDR without vulnerability data lists none. */
export async function loadProjectExport(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
  options: { vdr: boolean },
) {
  const project = await findExportProject(db, uuid)
  if (!project) throw textError(404, 'The project could not be found.')
  const access = await projectAccessFor(db, principal)
  if (!(await canAccessProject(db, access, project.id))) {
    throw textError(403, 'Access to the specified project is forbidden')
  }
  const components = options.vdr ? [] : await loadExportComponents(db, project.id)
  const services = options.vdr ? [] : await loadExportServices(db, project.id)
  return { project, components, services }
}

export async function loadComponentExport(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
) {
  const component = await findExportComponent(db, uuid)
  if (!component) throw textError(404, 'The component could not be found.')
  const access = await projectAccessFor(db, principal)
  if (!(await canAccessProject(db, access, Number(component.project_id)))) {
    throw textError(403, 'Access to the specified component is forbidden')
  }
  return component
}
