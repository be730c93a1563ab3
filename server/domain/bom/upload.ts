import { randomUUID } from 'node:crypto'
import type { AppContext } from '../../context.ts'
import { deleteBomUpload, insertBomUpload } from '../../data/bom-uploads.ts'
import { findConfigProperty } from '../../data/config-properties.ts'
import type { ProjectRow } from '../../data/projects.ts'
import type { Queryable } from '../../db/database.ts'
import { problem, textError, validationError } from '../../lib/errors.ts'
import { rejectNul } from '../../lib/nul.ts'
import { BOM_PROCESS_JOB, type BomProcessPayload } from './jobs.ts'
import type { Principal } from '../auth/principal.ts'
import { exceeds, NAME_MAX, sizeMessage } from '../column-sizes.ts'
import { beanError } from '../projects/input.ts'
import { canAccessProject, projectAccessFor } from '../projects/access.ts'
import { autoCreateProject, type AutoCreatePlan } from '../projects/auto-create.ts'
import { findProject } from '../projects/queries.ts'
import { autoCreatedProjectTeam, canTakeLatest } from '../projects/rules.ts'
import { projectTagNames } from '../projects/tags.ts'
import { setProjectTags } from '../projects/write.ts'
import { handOver } from './handoff.ts'
import { internalPatterns } from './ingest.ts'
import { InvalidBomError } from './inspect.ts'
import type { InternalPatterns } from './internal-patterns.ts'
import type { BomFormat, ConvertedBom } from './model.ts'
import type { ReceivedBom } from './receive.ts'
import type { BomWorkers } from './workers.ts'

/** One upload request, from the JSON (PUT) or the multipart (POST) form. */
export interface BomUploadRequest {
  project?: string
  projectName?: string
  projectVersion?: string
  autoCreate: boolean
  parentUuid?: string
  parentName?: string
  parentVersion?: string
  isLatest: boolean
  /** Undefined when the request names no tags. */
  tags?: string[]
  bom: ReceivedBom
}

const PROJECT_NOT_FOUND = 'The project could not be found.'

export function invalidBomProblem(error: InvalidBomError) {
  return problem(400, 'The uploaded BOM is invalid', error.detail, { errors: error.errors })
}

const clean = (value: string | undefined) => {
  const text = value?.trim()
  return text ? text : null
}

export function normaliseTags(names: readonly string[]): string[] {
  return [...new Set(names.map((name) => name.trim().toLowerCase()).filter(Boolean))].sort()
}

/** Both upload forms: no NUL characters, and names that fit their Dependency-Track columns. */
function checkUploadFields(input: BomUploadRequest) {
  const { bom: _bom, autoCreate: _autoCreate, isLatest: _isLatest, ...fields } = input
  rejectNul(fields)
  const sized = [
    ['projectName', input.projectName],
    ['projectVersion', input.projectVersion],
    ['parentName', input.parentName],
    ['parentVersion', input.parentVersion],
    ...(input.tags ?? []).map((tag, index) => [`projectTags[${index}].name`, tag.trim()]),
  ] as const
  const errors = sized
    .filter(([, value]) => exceeds(value?.trim()))
    .map(([path, value]) => beanError(path, sizeMessage(0, NAME_MAX), value))
  if (errors.length > 0) throw validationError(errors)
}

const sameTags = (a: string[], b: string[]) =>
  a.length === b.length && a.every((name, i) => name === b[i])

/** §1.3: whether schema validation applies, from the mode and the project's (future) tags. */
export async function schemaValidationRequired(db: Queryable, tags: string[]): Promise<boolean> {
  const mode = (await findConfigProperty(db, 'artifact', 'bom.validation.mode'))?.property_value
  const listed = async (name: string): Promise<string[] | undefined> => {
    const raw = (await findConfigProperty(db, 'artifact', name))?.property_value ?? '[]'
    try {
      const parsed = JSON.parse(raw) as unknown
      return Array.isArray(parsed) ? parsed.filter((tag) => typeof tag === 'string') : undefined
    } catch {
      return undefined
    }
  }
  switch (mode?.trim()) {
    case 'DISABLED':
      return false
    case 'ENABLED_FOR_TAGS': {
      const inclusive = await listed('bom.validation.tags.inclusive')
      return inclusive !== undefined && tags.some((tag) => inclusive.includes(tag))
    }
    case 'DISABLED_FOR_TAGS': {
      const exclusive = await listed('bom.validation.tags.exclusive')
      return exclusive === undefined || !tags.some((tag) => exclusive.includes(tag))
    }
    default:
      return true
  }
}

export interface CheckedBom {
  format: BomFormat
  specVersion: string
  /** The upload, compressed for storage. */
  content: Buffer
  /** The BOM converted while it was checked; a job in this process takes it over. */
  converted: ConvertedBom
}

/** Format, version, hostile content and (per configuration) the official schema, in a worker. */
export async function checkBom(
  workers: BomWorkers,
  db: Queryable,
  received: ReceivedBom,
  projectTags: string[],
  internal: InternalPatterns,
): Promise<CheckedBom> {
  const validate = await schemaValidationRequired(db, projectTags)
  const bytes = received.bytes
  received.bytes = new Uint8Array(0)
  const read = await workers.run({ kind: 'upload', bytes, validate, internal })
  return { ...read, content: await received.compressed }
}

interface PlannedProject {
  existing?: ProjectRow
  create?: AutoCreatePlan
}

async function resolveProject(
  ctx: AppContext,
  principal: Principal,
  input: BomUploadRequest,
): Promise<PlannedProject> {
  const db = ctx.db
  if (input.project) {
    const existing = await findProject(db, { uuid: input.project })
    if (!existing) throw textError(404, PROJECT_NOT_FOUND)
    return { existing }
  }
  const name = clean(input.projectName)
  const version = clean(input.projectVersion)
  const existing = name === null ? undefined : await findProject(db, { name, version })
  if (existing) return { existing }
  if (!input.autoCreate || name === null) throw textError(404, PROJECT_NOT_FOUND)
  const permissions = principal.permissions
  if (!permissions.has('PORTFOLIO_MANAGEMENT') && !permissions.has('PROJECT_CREATION_UPLOAD')) {
    throw textError(401, 'The principal does not have permission to create project.')
  }
  const access = await projectAccessFor(db, principal)
  let parent: ProjectRow | undefined
  const parentUuid = clean(input.parentUuid)
  const parentName = clean(input.parentName)
  if (parentUuid !== null || parentName !== null) {
    parent = await findProject(
      db,
      parentUuid !== null
        ? { uuid: parentUuid }
        : { name: parentName!, version: clean(input.parentVersion) },
    )
    if (!parent) throw textError(404, 'The parent component could not be found.')
    if (!(await canAccessProject(db, access, parent.id))) {
      throw textError(403, 'Access to the specified parent project is forbidden')
    }
  }
  if (input.isLatest && !(await canTakeLatest(db, access, name))) {
    throw textError(
      403,
      'Cannot create latest version for project with this name. Access to current latest version is forbidden!',
    )
  }
  return { create: { name, version, parent, isLatest: input.isLatest } }
}

/**
 * §1.1: resolves (or plans to create) the project, checks access, validates the BOM, and only
 * then writes anything: the project, its tags, the stored upload and the job. Answers the token.
 */
export async function acceptBomUpload(
  ctx: AppContext,
  principal: Principal,
  input: BomUploadRequest,
): Promise<{ token: string }> {
  checkUploadFields(input)
  const db = ctx.db
  const planned = await resolveProject(ctx, principal, input)
  const requestedTags = input.tags === undefined ? undefined : normaliseTags(input.tags)

  let effectiveTags: string[]
  let replaceTags = false
  let accessTeamIds: number[] = []
  if (planned.existing) {
    const project = planned.existing
    const access = await projectAccessFor(db, principal)
    if (!(await canAccessProject(db, access, project.id))) {
      throw textError(403, 'Access to the specified project is forbidden')
    }
    if (project.collection_logic && project.collection_logic !== 'NONE') {
      throw textError(400, 'BOM cannot be uploaded to collection project.')
    }
    effectiveTags = await projectTagNames(db, project.id)
    if (requestedTags && !sameTags(requestedTags, effectiveTags)) {
      if (principal.permissions.has('PORTFOLIO_MANAGEMENT')) {
        effectiveTags = requestedTags
        replaceTags = true
      } else {
        ctx.logger.warn(
          { project: project.uuid },
          'projectTags ignored: replacing tags needs PORTFOLIO_MANAGEMENT',
        )
      }
    }
  } else {
    const teamId = autoCreatedProjectTeam(await projectAccessFor(db, principal))
    if (teamId === null) throw textError(403, 'Access to the specified project is forbidden')
    if (teamId !== undefined) accessTeamIds = [teamId]
    effectiveTags = requestedTags ?? []
  }

  let checked: CheckedBom
  try {
    const internal = await internalPatterns(db, (pattern) =>
      ctx.logger.warn({ pattern }, 'invalid internal-component pattern ignored'),
    )
    checked = await checkBom(ctx.bomWorkers, db, input.bom, effectiveTags, internal)
  } catch (error) {
    if (error instanceof InvalidBomError) {
      ctx.logger.warn(
        { project: planned.existing?.uuid ?? planned.create?.name, detail: error.detail },
        'Bill of Materials Validation Failed',
      )
      throw invalidBomProblem(error)
    }
    throw error
  }

  const projectId = await db.transaction(async (tx) => {
    if (!planned.existing) {
      const access = await projectAccessFor(tx, principal)
      return autoCreateProject(tx, access, planned.create!, effectiveTags, accessTeamIds)
    }
    if (replaceTags) await setProjectTags(tx, planned.existing.id, effectiveTags)
    return planned.existing.id
  })

  const uploadId = await insertBomUpload(db, {
    projectId,
    content: checked.content,
    format: checked.format,
    specVersion: checked.specVersion,
  })
  try {
    const payload: BomProcessPayload = { uploadId, handoff: randomUUID() }
    handOver(payload.handoff!, checked.converted)
    const job = await ctx.enqueue(db, BOM_PROCESS_JOB, payload, { maxAttempts: 1 })
    if (!job) throw new Error('The BOM processing job was not queued')
    return { token: job.chainId }
  } catch (error) {
    await deleteBomUpload(db, uploadId).catch(() => undefined)
    throw error
  }
}
