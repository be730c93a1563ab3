import multipart from '@fastify/multipart'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import {
  mirrorNow,
  mirrorStatuses,
  parseMirrorSource,
} from '../../domain/vulnerabilities/mirror/status.ts'
import {
  queueMirrorUpload,
  removeUploadedFile,
  resolveBulkFile,
  storeMirrorUpload,
  uploadTooLarge,
} from '../../domain/vulnerabilities/mirror/uploads.ts'
import { HttpError, textError } from '../../lib/errors.ts'
import { MirrorStatusJson, mirrorStatusJson } from '../mirror-json.ts'
import {
  BadRequestText,
  ConflictText,
  noBody,
  NotFoundText,
  problemJson,
  systemConfiguration,
} from '../kit/index.ts'
import type { Api } from '../types.ts'
import type { RouteSecrets } from './index.ts'

const tags = ['mirror']
const SourceParams = z.object({ source: z.string() })
const TokenJson = z.object({ token: z.string() })

/**
 * Lookout's own vulnerability-source mirror control (beyond Dependency-Track 4.13): where each
 * mirror stands, "Mirror now", and bulk files uploaded for air-gapped installations.
 */
export default function mirrorRoutes(app: Api, ctx: AppContext, { encryptionKey }: RouteSecrets) {
  const dataDir = ctx.env.LOOKOUT_DATA_DIR
  const limit = ctx.env.LOOKOUT_MIRROR_UPLOAD_LIMIT_BYTES

  app.get(
    '/v1/mirror',
    {
      config: { access: systemConfiguration },
      schema: {
        tags,
        summary: 'Every vulnerability source: enabled, mirror status and progress',
        response: { 200: z.array(MirrorStatusJson) },
      },
    },
    async () => (await mirrorStatuses(ctx.db, encryptionKey)).map(mirrorStatusJson),
  )

  app.post(
    '/v1/mirror/:source',
    {
      config: { access: systemConfiguration },
      schema: {
        tags,
        summary: 'Mirror a source now (a waiting run is brought forward); answers its token',
        params: SourceParams,
        response: {
          202: TokenJson,
          404: NotFoundText,
          409: ConflictText.meta({ description: 'The source is disabled' }),
        },
      },
    },
    async (request, reply) => {
      const source = parseMirrorSource(request.params.source)
      const token = await mirrorNow(ctx.db, ctx.enqueue, encryptionKey, source)
      return reply.status(202).send({ token })
    },
  )

  // Multipart parsing only here, with the bulk-file limit instead of the request body limit.
  app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: limit, files: 1, fields: 20, parts: 25, fieldSize: 65536 },
    })
    const api = scope.withTypeProvider<ZodTypeProvider>()
    api.post(
      '/v1/mirror/:source/file',
      {
        config: { access: systemConfiguration },
        schema: {
          tags,
          summary:
            'Import a bulk file of a source (multipart field "file"): an OSV zip or JSON, an NVD ' +
            'feed or API page dump, an EPSS CSV, a KEV or GitHub advisories JSON; answers a token',
          consumes: ['multipart/form-data'],
          params: SourceParams,
          response: {
            202: TokenJson,
            400: BadRequestText,
            404: NotFoundText,
            413: problemJson('The file is larger than the server accepts'),
            415: noBody('Not multipart/form-data'),
          },
        },
      },
      async (request, reply) => {
        const source = parseMirrorSource(request.params.source)
        if (!request.isMultipart()) throw new HttpError(415)
        let stored: string | undefined
        try {
          for await (const part of request.parts()) {
            if (part.type !== 'file') continue
            if (part.fieldname === 'file' && stored === undefined) {
              stored = await storeMirrorUpload(dataDir, part.filename, part.file, limit)
            } else {
              part.file.resume()
            }
          }
        } catch (error) {
          if (stored) await removeUploadedFile(dataDir, resolveBulkFile(dataDir, stored))
          if (error instanceof HttpError) throw error
          const code = (error as { code?: string }).code
          if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT') {
            throw uploadTooLarge(limit)
          }
          if (code === 'FST_FIELDS_LIMIT') throw textError(400, 'The request has too many fields.')
          throw textError(
            400,
            `The multipart request could not be read: ${(error as Error).message}`,
          )
        }
        if (stored === undefined) {
          throw textError(400, 'Send the bulk file as the multipart/form-data field "file".')
        }
        const token = await queueMirrorUpload(ctx.db, ctx.enqueue, dataDir, source, stored)
        return reply.status(202).send({ token })
      },
    )
  })
}
