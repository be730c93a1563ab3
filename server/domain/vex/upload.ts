import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { AppContext } from '../../context.ts'
import { deleteBomUpload, insertBomUpload } from '../../data/bom-uploads.ts'
import { textError } from '../../lib/errors.ts'
import { rejectNul } from '../../lib/nul.ts'
import type { Principal } from '../auth/principal.ts'
import { InvalidBomError } from '../bom/inspect.ts'
import { invalidBomProblem, schemaValidationRequired } from '../bom/upload.ts'
import { canAccessProject, projectAccessFor } from '../projects/access.ts'
import { findProject, FORBIDDEN, NOT_FOUND } from '../projects/queries.ts'
import { projectTagNames } from '../projects/tags.ts'
import { STORED_VEX_FORMAT, VEX_PROCESS_JOB, type VexProcessPayload } from './jobs.ts'
import { parseVex, unpackVex } from './parse.ts'

const gzipAsync = promisify(gzip)

/** One VEX upload request, from the JSON (PUT) or the multipart (POST) form. */
export interface VexUploadRequest {
  project?: string
  projectName?: string
  projectVersion?: string
  vex: Buffer
}

const clean = (value: string | undefined) => value?.trim() || null

async function resolveProject(ctx: AppContext, input: VexUploadRequest) {
  if (input.project) return findProject(ctx.db, { uuid: input.project })
  const name = clean(input.projectName)
  if (name === null) return undefined
  return findProject(ctx.db, { name, version: clean(input.projectVersion) })
}

/**
 * §7.2: the BOM upload's project lookup without auto-creation, then access, collection and the
 * BOM upload's validation; only then is the VEX stored and its job queued. Answers the token.
 */
export async function acceptVexUpload(
  ctx: AppContext,
  principal: Principal,
  input: VexUploadRequest,
): Promise<{ token: string }> {
  const { vex: _vex, ...fields } = input
  rejectNul(fields)
  const db = ctx.db
  const project = await resolveProject(ctx, input)
  if (!project) throw textError(404, NOT_FOUND)
  if (!(await canAccessProject(db, await projectAccessFor(db, principal), project.id))) {
    throw textError(403, FORBIDDEN)
  }
  if (project.collection_logic && project.collection_logic !== 'NONE') {
    throw textError(400, 'VEX cannot be uploaded to collection project.')
  }
  let text: string
  let specVersion: string
  try {
    text = await unpackVex(input.vex)
    const validate = await schemaValidationRequired(db, await projectTagNames(db, project.id))
    specVersion = (await parseVex(text, validate)).specVersion
  } catch (error) {
    if (error instanceof InvalidBomError) {
      ctx.logger.warn({ project: project.uuid, detail: error.detail }, 'VEX validation failed')
      throw invalidBomProblem(error)
    }
    throw error
  }
  const uploadId = await insertBomUpload(db, {
    projectId: project.id,
    content: await gzipAsync(Buffer.from(text, 'utf8')),
    format: STORED_VEX_FORMAT,
    specVersion,
  })
  try {
    const payload: VexProcessPayload = { uploadId }
    const job = await ctx.enqueue(db, VEX_PROCESS_JOB, payload, { maxAttempts: 1 })
    if (!job) throw new Error('The VEX processing job was not queued')
    return { token: job.chainId }
  } catch (error) {
    await deleteBomUpload(db, uploadId).catch(() => undefined)
    throw error
  }
}
