import type { Queryable } from '../../db/database.ts'
import type { ProjectRow } from '../../data/projects.ts'
import type { ProjectAccess } from './access.ts'
import type { ProjectInput } from './input.ts'
import { findProject } from './queries.ts'
import { takeLatest } from './rules.ts'
import { insertNewProjectUnlessTaken, setProjectTags } from './write.ts'

export interface AutoCreatePlan {
  name: string
  version: string | null
  parent?: ProjectRow
  isLatest: boolean
}

/**
 * Creates the project a BOM upload names when it does not exist yet (`autoCreate`), inside the
 * upload's transaction, once the upload checked permission, parent and latest-version access.
 */
export async function autoCreateProject(
  tx: Queryable,
  access: ProjectAccess,
  create: AutoCreatePlan,
  tags: string[],
  accessTeamIds: number[],
) {
  // Another upload may have created it since the plan, or create it at this very moment; then the
  // BOM (and its tags) go to that project instead of failing the upload.
  const existing = await findProject(tx, { name: create.name, version: create.version })
  if (existing) return reuse(tx, existing.id, tags)
  if (create.isLatest) await takeLatest(tx, access, create.name)
  const id = await insertNewProjectUnlessTaken(
    tx,
    {
      ...NO_PROJECT_FIELDS,
      name: create.name,
      version: create.version,
      isLatest: create.isLatest,
      tags,
    },
    create.parent,
    accessTeamIds,
    'skip',
  )
  if (id !== undefined) return id
  const raced = await findProject(tx, { name: create.name, version: create.version })
  return reuse(tx, raced!.id, tags)
}

async function reuse(tx: Queryable, projectId: number, tags: string[]) {
  if (tags.length > 0) await setProjectTags(tx, projectId, tags)
  return projectId
}

/** What an auto-created project does not get from the upload (the BOM fills some in later). */
const NO_PROJECT_FIELDS = {
  uuid: null,
  group: null,
  description: null,
  publisher: null,
  authors: null,
  manufacturer: null,
  supplier: null,
  classifier: null,
  collectionLogic: null,
  collectionTag: null,
  parentUuid: null,
  cpe: null,
  purl: null,
  swidTagId: null,
  active: true,
  externalReferences: null,
  accessTeams: null,
} satisfies Omit<ProjectInput, 'name' | 'version' | 'isLatest' | 'tags'>
