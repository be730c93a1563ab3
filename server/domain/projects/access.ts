import type { Queryable } from '../../db/database.ts'
import {
  isAclEnabled,
  principalTeamIds,
  projectHasAnyTeam,
  type ProjectAccess,
} from '../../data/project-access.ts'
import type { Principal } from '../auth/principal.ts'

export type { ProjectAccess }

/**
 * A principal is resolved once per request, so keying on it computes a request's access once
 * however many rules ask (a BOM upload asks three times).
 */
const accessOfPrincipal = new WeakMap<Principal, Promise<ProjectAccess>>()

export function projectAccessFor(
  db: Queryable,
  principal: Principal | undefined,
): Promise<ProjectAccess> {
  if (!principal) return Promise.resolve({ teamIds: undefined })
  let access = accessOfPrincipal.get(principal)
  if (!access) {
    access = computeProjectAccess(db, principal)
    accessOfPrincipal.set(principal, access)
    access.catch(() => accessOfPrincipal.delete(principal))
  }
  return access
}

async function computeProjectAccess(db: Queryable, principal: Principal): Promise<ProjectAccess> {
  if (principal.permissions.has('ACCESS_MANAGEMENT')) return { teamIds: undefined }
  if (!(await isAclEnabled(db))) return { teamIds: undefined }
  const teamIds = await principalTeamIds(
    db,
    principal.kind === 'user'
      ? { kind: 'user', userId: principal.user.id }
      : { kind: 'apiKey', apiKeyId: principal.apiKey.id },
  )
  return { teamIds }
}

export async function canAccessProject(db: Queryable, access: ProjectAccess, projectId: number) {
  if (!access.teamIds) return true
  return projectHasAnyTeam(db, projectId, access.teamIds)
}
