import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import type { Queryable } from '../../db/database.ts'
import {
  clearLatest,
  findLatestProject,
  findProjectByNameVersion,
  findProjectByUuid,
  insertProject,
} from '../../data/projects.ts'
import { copyProjectProperties } from '../../data/project-properties.ts'
import {
  cloneAnalyses,
  cloneComponentProperties,
  cloneFindings,
  cloneProjectRows,
  cloneViolations,
  componentDependencies,
  copyAccessTeams,
  setComponentDependencies,
  setProjectDependencies,
  type ClonedRow,
} from '../../data/project-clone.ts'
import { copyProjectTags } from '../../data/tags.ts'
import { textError, validationError } from '../../lib/errors.ts'
import { canAccessProject } from './access.ts'
import { beanError, BODY_UUID } from './input.ts'
import { requireAccessible, UUID_NOT_FOUND } from './queries.ts'
import type { Caller } from './rules.ts'
import { writeOf } from './write.ts'

export const CLONE_JOB = 'project.clone'

const Flag = z.boolean().nullish()
export const CloneBody = z.object({
  project: z.string().nullish(),
  version: z.string().nullish(),
  includeTags: Flag,
  includeProperties: Flag,
  includeDependencies: Flag,
  includeComponents: Flag,
  includeServices: Flag,
  includeAuditHistory: Flag,
  includeACL: Flag,
  includePolicyViolations: Flag,
  makeCloneLatest: Flag,
})

export const CloneJobPayload = z.object({
  project: z.string(),
  version: z.string(),
  includeTags: z.boolean(),
  includeProperties: z.boolean(),
  includeComponents: z.boolean(),
  includeServices: z.boolean(),
  includeAuditHistory: z.boolean().default(false),
  includeACL: z.boolean(),
  includePolicyViolations: z.boolean().default(false),
  makeCloneLatest: z.boolean(),
})
type CloneRequest = z.infer<typeof CloneJobPayload>

function checkBody(body: z.infer<typeof CloneBody>): CloneRequest {
  const errors = []
  const project = body.project ?? null
  if (project === null) errors.push(beanError('project', 'must not be null', null))
  else if (!BODY_UUID.test(project)) {
    errors.push(beanError('project', 'The project must be a valid 36 character UUID', project))
  }
  const version = body.version?.trim() || null
  if (version === null) errors.push(beanError('version', 'must not be blank', null))
  else if (!/^(?:[^\p{Cc}]|[\t\r\n])*$/u.test(version)) {
    errors.push(beanError('version', 'The version may only contain printable characters', version))
  }
  if (errors.length > 0) throw validationError(errors)
  return {
    project: project!,
    version: version!,
    includeTags: body.includeTags ?? false,
    includeProperties: body.includeProperties ?? false,
    includeComponents: (body.includeComponents ?? false) || (body.includeDependencies ?? false),
    includeServices: body.includeServices ?? false,
    includeAuditHistory: body.includeAuditHistory ?? false,
    includeACL: body.includeACL ?? false,
    includePolicyViolations: body.includePolicyViolations ?? false,
    makeCloneLatest: body.makeCloneLatest ?? false,
  }
}

/** Checks the request now (as Dependency-Track does) and leaves the copying to a job. */
export async function requestClone(
  ctx: AppContext,
  caller: Caller,
  body: z.infer<typeof CloneBody>,
): Promise<{ token: string }> {
  const request = checkBody(body)
  const source = await requireAccessible(
    ctx.db,
    caller.access,
    await findProjectByUuid(ctx.db, request.project),
    UUID_NOT_FOUND,
  )
  if (await findProjectByNameVersion(ctx.db, source.name, request.version)) {
    throw textError(409, 'A project with the specified name and version already exists.')
  }
  if (request.makeCloneLatest) {
    const latest = await findLatestProject(ctx.db, source.name)
    if (latest && !(await canAccessProject(ctx.db, caller.access, latest.id))) {
      throw textError(
        403,
        'Cannot set this project version to latest. Access to current latest version is forbidden!',
      )
    }
  }
  const job = await ctx.enqueue(ctx.db, CLONE_JOB, request)
  return { token: job!.chainId }
}

const rewriteUuids = (text: string, map: Map<string, string>) =>
  text.replace(
    /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g,
    (uuid) => map.get(uuid.toLowerCase()) ?? uuid,
  )

/** Copies the project; does nothing when the source is gone or the version appeared meanwhile. */
export async function cloneProject(db: Queryable, request: CloneRequest) {
  const source = await findProjectByUuid(db, request.project)
  if (!source || (await findProjectByNameVersion(db, source.name, request.version))) return
  if (request.makeCloneLatest) await clearLatest(db, source.name)
  const withGraph = request.includeComponents && request.includeServices
  const id = await insertProject(db, {
    ...writeOf(source),
    version: request.version,
    directDependencies: null,
    inactiveSince: source.active ? null : new Date(),
    isLatest: request.makeCloneLatest,
  })
  if (request.includeTags) await copyProjectTags(db, source.id, id)
  if (request.includeProperties) await copyProjectProperties(db, source.id, id)
  if (request.includeACL) await copyAccessTeams(db, source.id, id)
  let components: ClonedRow[] = []
  let services: ClonedRow[] = []
  if (request.includeComponents) {
    components = await cloneProjectRows(db, 'component', source.id, id)
    await cloneComponentProperties(db, components)
    await cloneFindings(db, components, id)
    if (request.includeAuditHistory) await cloneAnalyses(db, components, id)
    if (request.includePolicyViolations) await cloneViolations(db, components, id)
  }
  if (request.includeServices)
    services = await cloneProjectRows(db, 'service_component', source.id, id)
  const uuids = new Map([...components, ...services].map((row) => [row.old_uuid, row.new_uuid]))
  const graph = await componentDependencies(
    db,
    components.map((row) => row.new_id),
  )
  await setComponentDependencies(
    db,
    graph.map((row) => ({
      id: Number(row.id),
      directDependencies: rewriteUuids(row.direct_dependencies, uuids),
    })),
  )
  if (withGraph && source.direct_dependencies !== null) {
    await setProjectDependencies(db, id, rewriteUuids(source.direct_dependencies, uuids))
  }
}
