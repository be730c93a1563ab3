import type { Queryable } from '../../db/database.ts'
import { isAclEnabled, principalTeamIds } from '../../data/project-access.ts'
import {
  clearLatest,
  findLatestProject,
  hasActiveDescendant,
  hasComponentsOrServices,
  isDescendant,
  type ProjectRow,
  type ProjectWrite,
} from '../../data/projects.ts'
import { findTeamByName, findTeamByUuid } from '../../data/teams.ts'
import { textError } from '../../lib/errors.ts'
import type { Principal } from '../auth/principal.ts'
import { canAccessProject, type ProjectAccess } from './access.ts'
import { BODY_UUID, type ProjectInput } from './input.ts'

/** Who is asking: the principal (for team rules) and what they may see. */
export interface Caller {
  principal: Principal | undefined
  access: ProjectAccess
}

const conflict = (message: string) => textError(409, message)

const principalRef = (principal: Principal) =>
  principal.kind === 'user'
    ? ({ kind: 'user', userId: principal.user.id } as const)
    : ({ kind: 'apiKey', apiKeyId: principal.apiKey.id } as const)

/**
 * Resolves accessTeams of a new project: each entry by UUID or name, and only teams of the
 * caller unless the caller has ACCESS_MANAGEMENT.
 */
export async function resolveAccessTeams(
  db: Queryable,
  principal: Principal | undefined,
  teams: ProjectInput['accessTeams'],
): Promise<number[]> {
  if (!teams || teams.length === 0) return []
  const own =
    !principal || principal.permissions.has('ACCESS_MANAGEMENT')
      ? undefined
      : new Set(await principalTeamIds(db, principalRef(principal)))
  const ids: number[] = []
  for (const [index, team] of teams.entries()) {
    if (team.uuid === null && team.name === null) {
      throw textError(
        400,
        'accessTeams must either specify a UUID or a name, but the team at index ' +
          `${index} has neither.`,
      )
    }
    const found =
      team.uuid !== null
        ? BODY_UUID.test(team.uuid.toLowerCase())
          ? await findTeamByUuid(db, team.uuid.toLowerCase())
          : undefined
        : await findTeamByName(db, team.name!)
    if (!found || (own && !own.has(Number(found.id)))) {
      const label = team.uuid !== null ? `UUID ${team.uuid}` : `name ${team.name}`
      throw textError(
        400,
        `The team with ${label} can not be assigned because it does not exist, or is not ` +
          'accessible to the authenticated principal.',
      )
    }
    ids.push(Number(found.id))
  }
  return [...new Set(ids)]
}

/** With ACL on, a project created through an API key is given that key's first team. */
export async function creatorTeams(db: Queryable, principal: Principal | undefined) {
  if (principal?.kind !== 'apiKey' || !(await isAclEnabled(db))) return []
  return (await principalTeamIds(db, principalRef(principal))).slice(0, 1)
}

/** Whether the caller may take the latest flag of `name` from the version that holds it now. */
export async function canTakeLatest(
  db: Queryable,
  access: ProjectAccess,
  name: string,
  projectId?: number,
) {
  const current = await findLatestProject(db, name)
  if (!current || current.id === projectId) return true
  return canAccessProject(db, access, current.id)
}

/** Makes room for a new latest version of `name`: the current one (if visible) loses the flag. */
export async function takeLatest(
  db: Queryable,
  access: ProjectAccess,
  name: string,
  projectId?: number,
) {
  if (!(await canTakeLatest(db, access, name, projectId))) {
    throw textError(
      403,
      'Cannot set this project version to latest. Access to current latest version is forbidden!',
    )
  }
  await clearLatest(db, name)
}

/**
 * The access team of a project a BOM upload auto-creates while the caller's access is limited
 * to teams: the caller's first team, or null when the caller has none. Dependency-Track does this
 * for API keys only, which locks users out of projects they auto-create; users get it here too.
 */
export function autoCreatedProjectTeam(access: ProjectAccess): number | null | undefined {
  if (!access.teamIds) return undefined
  return access.teamIds[0] ?? null
}

/** The rules a changed project must satisfy, in Dependency-Track's order (409 each). */
export async function checkUpdateRules(
  db: Queryable,
  project: ProjectRow,
  next: ProjectWrite,
  parent: ProjectRow | undefined,
) {
  if (project.active && !next.active && (await hasActiveDescendant(db, project.id))) {
    throw conflict('Project cannot be set to inactive if active children are present.')
  }
  if (parent) {
    if (parent.id === project.id) throw conflict('A project cannot select itself as a parent')
    if (!parent.active) throw conflict('An inactive project cannot be selected as a parent')
    if (await isDescendant(db, project.id, parent.id)) {
      throw conflict('The new parent project cannot be a child of the current project.')
    }
  }
  if (
    next.collectionLogic !== null &&
    next.collectionLogic !== project.collection_logic &&
    (await hasComponentsOrServices(db, project.id))
  ) {
    throw conflict(
      'Project cannot be made a collection project while it has components or services!',
    )
  }
}

export const WITH_TAG = 'AGGREGATE_DIRECT_CHILDREN_WITH_TAG'

/** NONE is stored as null; a collection tag is kept only for the tag-based logic. */
export const storedCollectionLogic = (logic: string | null) => (logic === 'NONE' ? null : logic)
