import type { Database } from '../../db/database.ts'
import {
  deleteProjects,
  findProjectByUuid,
  findProjectsByUuids,
  subtreeIds,
} from '../../data/projects.ts'
import { problem } from '../../lib/errors.ts'
import { canAccessProject, type ProjectAccess } from './access.ts'
import { requireAccessible, UUID_NOT_FOUND } from './queries.ts'

/** Deletes the project and, recursively, its children with everything they own. */
export async function deleteProject(db: Database, access: ProjectAccess, uuid: string) {
  await db.transaction(async (tx) => {
    const project = await requireAccessible(
      tx,
      access,
      await findProjectByUuid(tx, uuid),
      UUID_NOT_FOUND,
    )
    await deleteProjects(tx, await subtreeIds(tx, [project.id]))
  })
}

/**
 * All or nothing: every listed project must exist and be accessible. The listed projects and
 * their descendants are deleted, never their ancestors (Dependency-Track 4.13's batch SQL walks
 * up the tree, a defect).
 */
export async function batchDeleteProjects(db: Database, access: ProjectAccess, uuids: string[]) {
  await db.transaction(async (tx) => {
    const unique = [...new Set(uuids)]
    const found = new Map((await findProjectsByUuids(tx, unique)).map((row) => [row.uuid, row]))
    const errors: Record<string, string> = {}
    for (const uuid of unique) {
      const project = found.get(uuid)
      if (!project) errors[uuid] = 'Project not found'
      else if (!(await canAccessProject(tx, access, project.id))) {
        errors[uuid] = 'Access denied to project'
      }
    }
    if (Object.keys(errors).length > 0) {
      throw problem(400, 'Project operation failed', 'One or more projects could not be deleted', {
        errors,
      })
    }
    await deleteProjects(
      tx,
      await subtreeIds(
        tx,
        [...found.values()].map((row) => row.id),
      ),
    )
  })
}
