import { z } from 'zod'
import { ApiError, type ApiClient } from './client.server.ts'
import { saveGroupSettings } from './config-properties.server.ts'
import { ProjectRowSchema } from './projects.server.ts'
import { clearPublicCache } from './public.server.ts'

/**
 * Portfolio access control (dt-api-admin §10.8–§10.9): the `acl.enabled` switch, the projects a
 * team is given, and the project picker that lists the ones it is not given yet.
 */
const ACL_GROUP = 'access-management'
const ACL_PROPERTY = 'acl.enabled'

const PublicPropertySchema = z.object({ propertyValue: z.string().optional() }).loose()

export interface ProjectPage {
  projects: z.infer<typeof ProjectRowSchema>[]
  total: number
}

async function projectPage(
  api: ApiClient,
  path: string,
  query: Record<string, string | number | boolean | undefined>,
): Promise<ProjectPage> {
  const response = await api.send(path, { query })
  const projects = z.array(ProjectRowSchema).parse(await response.json())
  const total = Number(response.headers.get('X-Total-Count') ?? projects.length)
  return { projects, total: Number.isFinite(total) ? total : projects.length }
}

/** Read through the public endpoint, so managers without SYSTEM_CONFIGURATION see it too. */
export async function isAclEnabled(api: ApiClient) {
  const property = await api.json(
    PublicPropertySchema,
    `/v1/configProperty/public/${ACL_GROUP}/${ACL_PROPERTY}`,
  )
  return property.propertyValue === 'true'
}

/** Switches the ACL as the 4.13 page does (needs SYSTEM_CONFIGURATION); the API's refusals. */
export async function setAclEnabled(api: ApiClient, enabled: boolean) {
  const refused = await saveGroupSettings(api, ACL_GROUP, { [ACL_PROPERTY]: enabled })
  // The projects page reads the switch through the shared public cache.
  clearPublicCache()
  return refused
}

/** One page of the projects a team may see, by name then version (newest first). */
export function teamProjects(
  api: ApiClient,
  teamUuid: string,
  page: { pageNumber: number; pageSize: number },
) {
  return projectPage(api, `/v1/acl/team/${encodeURIComponent(teamUuid)}`, page)
}

/** The picker: projects the team is not given yet (needs VIEW_PORTFOLIO). */
export function projectsNotAssignedTo(
  api: ApiClient,
  teamUuid: string,
  options: { searchText?: string; showInactive: boolean; pageNumber: number; pageSize: number },
) {
  return projectPage(api, '/v1/project', {
    notAssignedToTeamWithUuid: teamUuid,
    excludeInactive: !options.showInactive,
    searchText: options.searchText,
    pageNumber: options.pageNumber,
    pageSize: options.pageSize,
  })
}

/** Gives the team the project; false when it had it already (409). */
export async function addTeamProject(api: ApiClient, teamUuid: string, projectUuid: string) {
  try {
    await api.send('/v1/acl/mapping', {
      method: 'PUT',
      json: { team: teamUuid, project: projectUuid },
    })
    return true
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return false
    throw error
  }
}

export async function removeTeamProject(api: ApiClient, teamUuid: string, projectUuid: string) {
  await api.send(
    `/v1/acl/mapping/team/${encodeURIComponent(teamUuid)}/project/${encodeURIComponent(projectUuid)}`,
    { method: 'DELETE' },
  )
}
