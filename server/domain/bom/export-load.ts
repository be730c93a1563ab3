import type { Queryable } from '../../db/database.ts'
import {
  findExportComponent,
  findExportProject,
  loadExportComponents,
  loadExportServices,
} from '../../data/bom-export.ts'
import { listVexFindings } from '../../data/vex.ts'
import type { Principal } from '../auth/principal.ts'
import { canAccessProject, projectAccessFor } from '../projects/access.ts'
import { textError } from '../../lib/errors.ts'
import { vulnerabilityElements } from './export-vulnerabilities.ts'

export type ExportVariant = 'inventory' | 'withVulnerabilities' | 'vdr'

/** The project after the 404 and ACL checks every project export makes. */
export async function loadAccessibleExportProject(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
) {
  const project = await findExportProject(db, uuid)
  if (!project) throw textError(404, 'The project could not be found.')
  const access = await projectAccessFor(db, principal)
  if (!(await canAccessProject(db, access, project.id))) {
    throw textError(403, 'Access to the specified project is forbidden')
  }
  return project
}

/**
 * The project, its inventory and (vulnerability variants) its findings, suppressed ones included
 * (§7.1). A VDR lists only components with a vulnerability, and no services.
 */
export async function loadProjectExport(
  db: Queryable,
  principal: Principal | undefined,
  uuid: string,
  options: { variant: ExportVariant },
) {
  const project = await loadAccessibleExportProject(db, principal, uuid)
  let components = await loadExportComponents(db, project.id)
  if (options.variant === 'inventory') {
    return { project, components, services: await loadExportServices(db, project.id) }
  }
  const findings = await listVexFindings(db, project.id)
  const vdr = options.variant === 'vdr'
  const rows = vdr
    ? findings
    : findings.map((row) => ({
        ...row,
        state: null,
        justification: null,
        response: null,
        details: null,
      }))
  const vulnerabilities = vulnerabilityElements(rows, (row) => row.component_uuid)
  if (vdr) {
    const affected = new Set(findings.map((row) => row.component_uuid))
    components = components.filter((row) => affected.has(row.uuid))
  }
  const services = vdr ? [] : await loadExportServices(db, project.id)
  return { project, components, services, vulnerabilities }
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
