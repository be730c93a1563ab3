import type { Database, Queryable } from '../../db/database.ts'
import {
  addAccessTeams,
  findProjectById,
  findProjectByNameVersion,
  findProjectByUuid,
  insertProject,
  insertProjectIfAbsent,
  updateProject,
  type ProjectRow,
  type ProjectWrite,
} from '../../data/projects.ts'
import { replaceProjectTags, resolveTags, tagsOfProjects } from '../../data/tags.ts'
import { textError } from '../../lib/errors.ts'
import { canAccessProject } from './access.ts'
import { BODY_UUID, type ProjectInput } from './input.ts'
import { requireAccessible, UUID_NOT_FOUND } from './queries.ts'
import {
  checkUpdateRules,
  creatorTeams,
  resolveAccessTeams,
  storedCollectionLogic,
  takeLatest,
  WITH_TAG,
  type Caller,
} from './rules.ts'
import { projectView } from './view.ts'

const NAME_VERSION_EXISTS = 'A project with the specified name and version already exists.'

export function writeOf(row: ProjectRow): ProjectWrite {
  return {
    name: row.name,
    version: row.version,
    group: row.group,
    description: row.description,
    publisher: row.publisher,
    authors: row.authors,
    manufacturer: row.manufacturer,
    supplier: row.supplier,
    classifier: row.classifier,
    collectionLogic: row.collection_logic,
    collectionTagId: row.collection_tag_id,
    cpe: row.cpe,
    purl: row.purl,
    swidTagId: row.swid_tag_id,
    directDependencies: row.direct_dependencies,
    parentId: row.parent_id,
    active: row.active,
    inactiveSince: row.inactive_since,
    isLatest: row.is_latest,
    externalReferences: row.external_references,
    metadata: row.metadata,
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: unknown }).code === '23505'

/** A UUID from a request body; Jackson accepts either letter case. */
async function findByBodyUuid(db: Queryable, uuid: string | null) {
  const lower = uuid?.toLowerCase()
  return lower !== undefined && BODY_UUID.test(lower) ? findProjectByUuid(db, lower) : undefined
}

async function collectionTagId(db: Queryable, logic: string | null, tag: string | null) {
  if (logic !== WITH_TAG || tag === null) return null
  return (await resolveTags(db, [tag]))[0]!.id
}

/** Replaces the project's tags with these (created when missing). */
export async function setProjectTags(db: Queryable, projectId: number, names: string[]) {
  const tags = await resolveTags(db, names)
  await replaceProjectTags(
    db,
    projectId,
    tags.map((tag) => Number(tag.id)),
  )
}

async function finish(db: Queryable, id: number) {
  return projectView(db, (await findProjectById(db, id))!, { hierarchy: true })
}

async function writeGuarded(run: () => Promise<void>, message: string) {
  try {
    await run()
  } catch (error) {
    if (isUniqueViolation(error)) throw textError(409, message)
    throw error
  }
}

export async function createProject(db: Database, caller: Caller, input: ProjectInput) {
  return db.transaction(async (tx) => {
    const name = input.name!
    const teamIds = await resolveAccessTeams(tx, caller.principal, input.accessTeams)
    if (await findProjectByNameVersion(tx, name, input.version)) {
      throw textError(409, 'A project with the specified name already exists.')
    }
    if (input.isLatest) await takeLatest(tx, caller.access, name)
    const parent = await findByBodyUuid(tx, input.parentUuid)
    if (parent && !parent.active) {
      throw textError(409, 'An inactive Parent cannot be selected as parent')
    }
    const id = await insertNewProject(
      tx,
      { ...input, name, classifier: input.classifier ?? 'APPLICATION' },
      parent,
      [...teamIds, ...(await creatorTeams(tx, caller.principal))],
    )
    return finish(tx, id)
  })
}

/**
 * Writes a new project inside the caller's transaction, once the caller's rules passed (name
 * clash, latest flag, parent): the row as the input has it, its tags and its access teams.
 */
export async function insertNewProject(
  tx: Queryable,
  input: ProjectInput & { name: string },
  parent: ProjectRow | undefined,
  accessTeamIds: number[],
): Promise<number> {
  const id = await insertNewProjectUnlessTaken(tx, input, parent, accessTeamIds, 'refuse')
  return id!
}

/**
 * As insertNewProject; with 'skip', a name and version another writer took meanwhile answer
 * undefined instead of a 409, and nothing is written.
 */
export async function insertNewProjectUnlessTaken(
  tx: Queryable,
  input: ProjectInput & { name: string },
  parent: ProjectRow | undefined,
  accessTeamIds: number[],
  whenTaken: 'refuse' | 'skip',
): Promise<number | undefined> {
  const logic = storedCollectionLogic(input.collectionLogic)
  const write: ProjectWrite = {
    ...fieldsOf(input),
    name: input.name,
    classifier: input.classifier,
    collectionLogic: logic,
    collectionTagId: await collectionTagId(tx, logic, input.collectionTag),
    directDependencies: null,
    parentId: parent?.id ?? null,
    active: input.active ?? true,
    inactiveSince: input.active === false ? new Date() : null,
    isLatest: input.isLatest ?? false,
    metadata: null,
  }
  let id: number | undefined
  if (whenTaken === 'skip') {
    id = await insertProjectIfAbsent(tx, write)
    if (id === undefined) return undefined
  } else {
    await writeGuarded(async () => {
      id = await insertProject(tx, write)
    }, 'A project with the specified name already exists.')
  }
  if (id === undefined) return undefined
  await setProjectTags(tx, id, input.tags ?? [])
  await addAccessTeams(tx, id, accessTeamIds)
  return id
}

/** The fields POST replaces and PATCH merges, straight from the input. */
function fieldsOf(input: ProjectInput) {
  return {
    version: input.version,
    group: input.group,
    description: input.description,
    publisher: input.publisher,
    authors: input.authors,
    manufacturer: input.manufacturer,
    supplier: input.supplier,
    cpe: input.cpe,
    purl: input.purl,
    swidTagId: input.swidTagId,
    externalReferences: input.externalReferences,
  }
}

function activeSince(project: ProjectRow, active: boolean) {
  if (!active) return project.active ? new Date() : project.inactive_since
  return null
}

/** Rules, latest flag and name clash shared by POST and PATCH, then the write itself. */
async function applyUpdate(
  tx: Queryable,
  caller: Caller,
  project: ProjectRow,
  next: ProjectWrite,
  parent: ProjectRow | undefined,
  tags: string[] | undefined,
) {
  const clash = await findProjectByNameVersion(tx, next.name, next.version)
  if (clash && clash.id !== project.id) throw textError(409, NAME_VERSION_EXISTS)
  if (next.isLatest && (!project.is_latest || next.name !== project.name)) {
    await takeLatest(tx, caller.access, next.name, project.id)
  }
  await checkUpdateRules(tx, project, next, parent)
  if (next.collectionLogic !== WITH_TAG) next.collectionTagId = null
  next.inactiveSince = activeSince(project, next.active)
  await writeGuarded(() => updateProject(tx, project.id, next), NAME_VERSION_EXISTS)
  if (tags) await setProjectTags(tx, project.id, tags)
  return finish(tx, project.id)
}

/** POST /project: replaces every editable field; absent values clear (parent included). */
export async function replaceProject(db: Database, caller: Caller, input: ProjectInput) {
  return db.transaction(async (tx) => {
    const row = await findByBodyUuid(tx, input.uuid)
    const project = await requireAccessible(tx, caller.access, row, UUID_NOT_FOUND)
    const parent = await findByBodyUuid(tx, input.parentUuid)
    const logic = storedCollectionLogic(input.collectionLogic)
    const next: ProjectWrite = {
      ...writeOf(project),
      ...fieldsOf(input),
      name: input.name ?? project.name,
      classifier: input.classifier ?? 'APPLICATION',
      collectionLogic: logic,
      collectionTagId: await collectionTagId(tx, logic, input.collectionTag),
      parentId: parent?.id ?? null,
      active: input.active ?? true,
      isLatest: input.isLatest ?? false,
    }
    return applyUpdate(tx, caller, project, next, parent, input.tags ?? [])
  })
}

/** Key-order independent equality for stored JSON values (jsonb reorders keys). */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value && typeof value === 'object'
        ? Object.fromEntries(
            Object.entries(value)
              .sort(([x], [y]) => (x < y ? -1 : 1))
              .map(([key, member]) => [key, canonical(member)]),
          )
        : value
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b))
}

/**
 * PATCH: applies only given values that differ; 'unchanged' (304) when none does. The parent
 * can be changed but not removed.
 */
export async function patchProject(
  db: Database,
  caller: Caller,
  uuid: string,
  input: ProjectInput,
): Promise<Awaited<ReturnType<typeof finish>> | 'unchanged'> {
  return db.transaction(async (tx) => {
    const project = await requireAccessible(
      tx,
      caller.access,
      await findProjectByUuid(tx, uuid),
      UUID_NOT_FOUND,
    )
    const next = writeOf(project)
    let modified = false
    const apply = <K extends keyof ProjectWrite>(key: K, value: ProjectWrite[K] | null) => {
      if (value === null || sameJson(next[key], value)) return
      next[key] = value
      modified = true
    }
    const fields = fieldsOf(input)
    for (const key of Object.keys(fields) as Array<keyof typeof fields>) {
      if (key === 'externalReferences') continue
      apply(key, fields[key])
    }
    apply('name', input.name)
    apply('classifier', input.classifier)
    apply('active', input.active)
    apply('isLatest', input.isLatest)
    if (
      input.externalReferences !== null &&
      (input.externalReferences.length > 0 || (project.external_references ?? []).length > 0)
    ) {
      apply('externalReferences', input.externalReferences)
    }
    if (input.collectionLogic !== null) {
      const logic = storedCollectionLogic(input.collectionLogic)
      if (logic !== next.collectionLogic) {
        next.collectionLogic = logic
        modified = true
      }
    }
    if (input.collectionTag !== null) {
      apply('collectionTagId', await collectionTagId(tx, WITH_TAG, input.collectionTag))
    }
    let parent: ProjectRow | undefined
    if (input.parentUuid !== null) {
      parent = await findByBodyUuid(tx, input.parentUuid)
      if (!parent) throw textError(404, 'The UUID of the parent project could not be found.')
      if (!(await canAccessProject(tx, caller.access, parent.id))) {
        throw textError(403, 'Access to the specified parent project is forbidden')
      }
      apply('parentId', parent.id)
    }
    let tags: string[] | undefined
    if (input.tags !== null) {
      const current = (await tagsOfProjects(tx, [project.id])).map((tag) => tag.name)
      if (!sameJson([...input.tags].sort(), [...current].sort())) {
        tags = input.tags
        modified = true
      }
    }
    if (!modified) return 'unchanged'
    return applyUpdate(tx, caller, project, next, parent, tags)
  })
}
