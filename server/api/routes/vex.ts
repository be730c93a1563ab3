import multipart from '@fastify/multipart'
import type { FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { cycloneDxVex, openVex } from '../../domain/vex/export.ts'
import { acceptVexUpload } from '../../domain/vex/upload.ts'
import { HttpError, payloadTooLarge, problem, validationError } from '../../lib/errors.ts'
import {
  AclForbidden,
  BadRequestText,
  noBody,
  NotFoundText,
  problemJson,
  requires,
  UuidParams,
} from '../kit/index.ts'
import type { Api } from '../types.ts'
import { BASE64, BODY_UUID, checkBase64Length, orUndefined } from '../upload-fields.ts'

const vulnerabilityAnalysis = requires.VULNERABILITY_ANALYSIS

const VexSubmitRequest = z.object({
  project: z.string().regex(BODY_UUID, 'The project must be a valid 36 character UUID').nullish(),
  projectName: z.string().nullish(),
  projectVersion: z.string().nullish(),
  vex: z.string().regex(BASE64, 'The VEX must be Base64 encoded'),
})
const TokenJson = z.object({ token: z.string() })
const UploadErrors = {
  400: BadRequestText,
  403: AclForbidden,
  404: NotFoundText,
  413: problemJson('Payload too large'),
}
const DownloadQuery = z.object({ download: z.string().optional() })
const jsonDocument = (mediaType: string, description: string) =>
  z.string().meta({
    description,
    content: Object.fromEntries(
      [mediaType, 'application/octet-stream'].map((type) => [type, { schema: { type: 'object' } }]),
    ),
  })

function sendJson(
  reply: FastifyReply,
  document: unknown,
  mediaType: string,
  filename: string | undefined,
) {
  const body = JSON.stringify(document)
  if (filename === undefined) return reply.type(mediaType).send(body)
  reply.header('content-disposition', `attachment; filename="${filename}"`)
  return reply.type('application/octet-stream').send(body)
}

const wantsDownload = (query: { download?: string }) => query.download?.toLowerCase() === 'true'

export default function vexRoutes(app: Api, ctx: AppContext) {
  const limit = ctx.env.LOOKOUT_BODY_LIMIT_BYTES
  const tool = { name: 'Lookout', version: ctx.build.version }

  app.put(
    '/v1/vex',
    {
      config: { access: vulnerabilityAnalysis, consumes: 'json' },
      schema: {
        tags: ['vex'],
        summary: 'Upload a VEX (CycloneDX or OpenVEX, Base64 in JSON); answers a token',
        body: VexSubmitRequest,
        response: { 200: TokenJson, ...UploadErrors },
      },
    },
    async (request) => {
      const body = request.body
      checkBase64Length(body.vex, 'VEX')
      return acceptVexUpload(ctx, request.principal!, {
        project: orUndefined(body.project),
        projectName: orUndefined(body.projectName),
        projectVersion: orUndefined(body.projectVersion),
        vex: Buffer.from(body.vex, 'base64'),
      })
    },
  )

  app.register(async (scope) => {
    if (!scope.hasContentTypeParser('multipart/form-data')) {
      await scope.register(multipart, {
        throwFileSizeLimit: true,
        limits: { fileSize: limit, fieldSize: limit, files: 20, fields: 100, parts: 120 },
      })
    }
    const api = scope.withTypeProvider<ZodTypeProvider>()
    api.post(
      '/v1/vex',
      {
        config: { access: vulnerabilityAnalysis },
        schema: {
          tags: ['vex'],
          summary: 'Upload a VEX (CycloneDX or OpenVEX, multipart/form-data); answers a token',
          consumes: ['multipart/form-data'],
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
        let vex: Buffer | undefined
        try {
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              if (part.fieldname === 'vex' && !vex) vex = await part.toBuffer()
              else part.file.resume()
            } else if (part.fieldname === 'vex') {
              vex ??= Buffer.from(String(part.value), 'utf8')
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
          throw problem(400, 'The multipart request could not be read', (error as Error).message)
        }
        if (!vex) return reply.status(200).send(undefined)
        const project = fields.get('project')?.trim()
        if (project && !BODY_UUID.test(project)) {
          throw validationError([
            {
              message: 'The project must be a valid 36 character UUID',
              messageTemplate: '{lookout.validation.uuid}',
              path: 'project',
              invalidValue: project,
            },
          ])
        }
        return acceptVexUpload(ctx, request.principal!, {
          project: project || undefined,
          projectName: fields.get('projectName'),
          projectVersion: fields.get('projectVersion'),
          vex,
        })
      },
    )
  })

  app.get(
    '/v1/vex/cyclonedx/project/:uuid',
    {
      config: { access: vulnerabilityAnalysis },
      schema: {
        tags: ['vex'],
        summary: "Export the project's findings and analyses as a CycloneDX 1.5 VEX",
        params: UuidParams,
        querystring: DownloadQuery,
        response: {
          200: jsonDocument('application/vnd.cyclonedx+json', 'The CycloneDX VEX'),
          403: AclForbidden,
          404: NotFoundText,
        },
      },
    },
    async (request, reply) => {
      const { project, document } = await cycloneDxVex(
        ctx.db,
        request.principal,
        request.params.uuid,
        tool,
      )
      const filename = wantsDownload(request.query) ? `${project.uuid}-vex.cdx.json` : undefined
      return sendJson(reply, document, 'application/vnd.cyclonedx+json', filename)
    },
  )

  app.get(
    '/v1/vex/openvex/project/:uuid',
    {
      config: { access: vulnerabilityAnalysis },
      schema: {
        tags: ['vex'],
        summary: "Export the project's findings and analyses as an OpenVEX 0.2.0 document",
        params: UuidParams,
        querystring: DownloadQuery,
        response: {
          200: jsonDocument('application/json', 'The OpenVEX document'),
          403: AclForbidden,
          404: NotFoundText,
        },
      },
    },
    async (request, reply) => {
      const { project, document } = await openVex(
        ctx.db,
        request.principal,
        request.params.uuid,
        tool,
      )
      const filename = wantsDownload(request.query) ? `${project.uuid}-vex.openvex.json` : undefined
      return sendJson(reply, document, 'application/json', filename)
    },
  )
}
