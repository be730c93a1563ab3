import multipart from '@fastify/multipart'
import type { FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import {
  buildCycloneDx,
  cycloneDxXml,
  DEFAULT_EXPORT_SPEC_VERSION,
  EXPORT_SPEC_VERSIONS,
  type ExportSpecVersion,
} from '../../domain/bom/export.ts'
import { receiveBomBytes, receiveBomStream, type ReceivedBom } from '../../domain/bom/receive.ts'
import { acceptBomUpload, type BomUploadRequest } from '../../domain/bom/upload.ts'
import {
  loadComponentExport,
  loadProjectExport,
  type ExportVariant,
} from '../../domain/bom/export-load.ts'
import {
  HttpError,
  payloadTooLarge,
  problem,
  textError,
  validationError,
} from '../../lib/errors.ts'
import { isChainProcessing } from '../../jobs/queue.ts'
import {
  AclForbidden,
  bomUpload,
  noBody,
  NotFoundText,
  plainText,
  problemJson,
  UuidParams,
  viewPortfolio,
} from '../kit/index.ts'
import { TokenStatusJson } from '../schemas.ts'
import type { Api } from '../types.ts'
import { BASE64, BODY_UUID, checkBase64Length, orUndefined } from '../upload-fields.ts'

const CycloneDxDocument = z.string().meta({
  description: 'The CycloneDX document (an attachment when download=true)',
  content: Object.fromEntries(
    [
      'application/vnd.cyclonedx+json',
      'application/vnd.cyclonedx+xml',
      'application/octet-stream',
    ].map((mediaType) => [mediaType, { schema: { type: 'string' } }]),
  ),
})
const ExportErrors = {
  200: CycloneDxDocument,
  400: plainText('Invalid format, variant or spec version'),
  403: AclForbidden,
  404: NotFoundText,
}
const UploadErrors = {
  403: AclForbidden,
  404: NotFoundText,
  413: problemJson('Payload too large'),
}

const optionalText = z.string().nullish()
const BomSubmitRequest = z.object({
  project: z.string().regex(BODY_UUID, 'The project must be a valid 36 character UUID').nullish(),
  projectName: optionalText,
  projectVersion: optionalText,
  projectTags: z.array(z.object({ name: z.string() })).nullish(),
  autoCreate: z.boolean().nullish(),
  parentUUID: z
    .string()
    .regex(BODY_UUID, 'The parent UUID must be a valid 36 character UUID')
    .nullish(),
  parentName: optionalText,
  parentVersion: optionalText,
  isLatestProjectVersion: z.boolean().nullish(),
  bom: z.string().regex(BASE64, 'The BOM must be Base64 encoded'),
})

const TokenJson = z.object({ token: z.string() })
const ExportQuery = z.object({
  format: z.string().optional(),
  variant: z.string().optional(),
  download: z.string().optional(),
  version: z.string().optional(),
  specVersion: z.string().optional(),
})

const EXPORT_VARIANTS = new Map<string, ExportVariant>([
  ['inventory', 'inventory'],
  ['withvulnerabilities', 'withVulnerabilities'],
  ['vdr', 'vdr'],
])

function checkUuidField(value: string | undefined, path: string, message: string) {
  if (value === undefined || value.trim() === '' || BODY_UUID.test(value.trim())) return
  throw validationError([
    { message, messageTemplate: '{lookout.validation.uuid}', path, invalidValue: value },
  ])
}

function exportFormat(value: string | undefined) {
  const format = (value ?? 'JSON').toUpperCase()
  if (format !== 'JSON' && format !== 'XML') throw textError(400, 'Invalid BOM format specified.')
  return format
}

function exportVersion(query: z.infer<typeof ExportQuery>): ExportSpecVersion {
  const version = query.version ?? query.specVersion ?? DEFAULT_EXPORT_SPEC_VERSION
  if (!(EXPORT_SPEC_VERSIONS as readonly string[]).includes(version)) {
    throw textError(
      400,
      `Invalid CycloneDX spec version specified. Supported: ${EXPORT_SPEC_VERSIONS.join(', ')}.`,
    )
  }
  return version as ExportSpecVersion
}

function sendDocument(
  reply: FastifyReply,
  document: Record<string, unknown>,
  format: 'JSON' | 'XML',
  download: { uuid: string; variant: string } | undefined,
) {
  const body = format === 'XML' ? cycloneDxXml(document) : JSON.stringify(document)
  if (download) {
    const extension = format === 'XML' ? 'xml' : 'json'
    reply.header(
      'content-disposition',
      `attachment; filename="${download.uuid}-${download.variant}.cdx.${extension}"`,
    )
    return reply.type('application/octet-stream').send(body)
  }
  return reply
    .type(format === 'XML' ? 'application/vnd.cyclonedx+xml' : 'application/vnd.cyclonedx+json')
    .send(body)
}

export default function bomRoutes(app: Api, ctx: AppContext) {
  const limit = ctx.env.LOOKOUT_BODY_LIMIT_BYTES
  const tool = { name: 'Lookout', version: ctx.build.version }

  app.put(
    '/v1/bom',
    {
      config: { access: bomUpload, consumes: 'json' },
      schema: {
        tags: ['bom'],
        summary: 'Upload a CycloneDX BOM (Base64 in JSON); answers a token',
        body: BomSubmitRequest,
        response: { 200: TokenJson, ...UploadErrors },
      },
    },
    async (request) => {
      const body = request.body
      checkBase64Length(body.bom, 'BOM')
      return acceptBomUpload(ctx, request.principal!, {
        project: orUndefined(body.project),
        projectName: orUndefined(body.projectName),
        projectVersion: orUndefined(body.projectVersion),
        autoCreate: body.autoCreate ?? false,
        parentUuid: orUndefined(body.parentUUID),
        parentName: orUndefined(body.parentName),
        parentVersion: orUndefined(body.parentVersion),
        isLatest: body.isLatestProjectVersion ?? false,
        tags: body.projectTags?.map((tag) => tag.name),
        bom: receiveBomBytes(Buffer.from(body.bom, 'base64')),
      })
    },
  )

  // Multipart parsing only where it is needed; the file size limit is the request body limit.
  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) {
      await scope.register(multipart, {
        throwFileSizeLimit: true,
        limits: { fileSize: limit, fieldSize: limit, files: 20, fields: 100, parts: 120 },
      })
    }
    const api = scope.withTypeProvider<ZodTypeProvider>()
    api.post(
      '/v1/bom',
      {
        config: { access: bomUpload },
        schema: {
          tags: ['bom'],
          summary: 'Upload a CycloneDX BOM (multipart/form-data); answers a token',
          consumes: ['multipart/form-data'],
          // No bom part at all: 200 with an empty body, as Dependency-Track does.
          response: {
            200: TokenJson.optional(),
            415: noBody('Not multipart/form-data'),
            ...UploadErrors,
          },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new HttpError(415)
        const fields = new Map<string, string>()
        let bom: ReceivedBom | undefined
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname === 'bom' && !bom) {
                bom = await receiveBomStream(part.file)
                if (part.file.truncated) throw payloadTooLarge(limit)
              } else {
                part.file.resume()
              }
            } else if (part.fieldname === 'bom') {
              bom ??= receiveBomBytes(Buffer.from(String(part.value), 'utf8'))
            } else if (!fields.has(part.fieldname)) {
              fields.set(part.fieldname, String(part.value))
            }
          }
        } catch (error) {
          const code = (error as { code?: string }).code
          if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_PARTS_LIMIT') {
            throw payloadTooLarge(limit)
          }
          if (error instanceof HttpError) throw error
          // The parser's own errors (a boundary that does not match, a body cut short).
          throw problem(400, 'The multipart request could not be read', (error as Error).message)
        }
        if (!bom) return reply.status(200).send(undefined)
        const field = (name: string) => fields.get(name)
        const flag = (name: string) => field(name)?.trim().toLowerCase() === 'true'
        checkUuidField(field('project'), 'project', 'The project must be a valid 36 character UUID')
        checkUuidField(
          field('parentUUID'),
          'parentUUID',
          'The parent UUID must be a valid 36 character UUID',
        )
        const tags = field('projectTags')
        const input: BomUploadRequest = {
          project: field('project')?.trim() || undefined,
          projectName: field('projectName'),
          projectVersion: field('projectVersion'),
          autoCreate: flag('autoCreate'),
          parentUuid: field('parentUUID')?.trim() || undefined,
          parentName: field('parentName'),
          parentVersion: field('parentVersion'),
          isLatest: flag('isLatest'),
          tags: tags === undefined ? undefined : tags.split(','),
          bom,
        }
        return acceptBomUpload(ctx, request.principal!, input)
      },
    )
  })

  app.get(
    '/v1/bom/token/:uuid',
    {
      config: { access: bomUpload },
      schema: {
        tags: ['bom'],
        summary: 'Whether the BOM behind a token is still being processed (deprecated)',
        deprecated: true,
        params: z.object({ uuid: z.string() }),
        response: { 200: TokenStatusJson },
      },
    },
    async (request) => {
      const valid = z.uuid().safeParse(request.params.uuid).success
      return { processing: valid ? await isChainProcessing(ctx.db, request.params.uuid) : false }
    },
  )

  app.get(
    '/v1/bom/cyclonedx/project/:uuid',
    {
      config: { access: viewPortfolio },
      schema: {
        tags: ['bom'],
        summary:
          'Export a project as CycloneDX (inventory, withVulnerabilities or vdr); spec version 1.4–1.7, default 1.6',
        params: UuidParams,
        querystring: ExportQuery,
        response: ExportErrors,
      },
    },
    async (request, reply) => {
      const query = request.query
      const format = exportFormat(query.format)
      const variant = EXPORT_VARIANTS.get((query.variant ?? 'inventory').toLowerCase())
      if (!variant) throw textError(400, 'Invalid BOM variant specified.')
      const version = exportVersion(query)
      const { project, components, services, vulnerabilities } = await loadProjectExport(
        ctx.db,
        request.principal,
        request.params.uuid,
        { variant },
      )
      const document = buildCycloneDx({
        version,
        tool,
        project,
        components,
        services,
        withDependencies: true,
        vulnerabilities,
      })
      const download = query.download?.toLowerCase() === 'true'
      return sendDocument(
        reply,
        document,
        format,
        download ? { uuid: project.uuid, variant: query.variant ?? 'null' } : undefined,
      )
    },
  )

  app.get(
    '/v1/bom/cyclonedx/component/:uuid',
    {
      config: { access: viewPortfolio },
      schema: {
        tags: ['bom'],
        summary: 'Export one component as CycloneDX (inventory)',
        params: UuidParams,
        querystring: ExportQuery,
        response: ExportErrors,
      },
    },
    async (request, reply) => {
      const format = exportFormat(request.query.format)
      const version = exportVersion(request.query)
      const component = await loadComponentExport(ctx.db, request.principal, request.params.uuid)
      const document = buildCycloneDx({
        version,
        tool,
        components: [component],
        services: [],
        withDependencies: false,
      })
      const download = request.query.download?.toLowerCase() === 'true'
      return sendDocument(
        reply,
        document,
        format,
        download ? { uuid: component.uuid, variant: 'inventory' } : undefined,
      )
    },
  )
}
