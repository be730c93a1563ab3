import { z } from 'zod'

/**
 * Response schemas for the statuses an operation answers besides its success. Error replies are
 * written as strings by sendHttpError (server/http/error-handler.ts), so Fastify never runs them
 * through the serializer: these schemas document the contract in /api/openapi.json only.
 */
const inMediaType = (mediaType: string, schema: Record<string, unknown>) => ({
  content: { [mediaType]: { schema } },
})

/** A status with no body (DT's empty 401, 403, 304, many 404s). */
export const noBody = (description: string) => z.undefined().meta({ description })

/** A status whose body is one plain English sentence. */
export const plainText = (description: string) =>
  z.string().meta({ description, ...inMediaType('text/plain', { type: 'string' }) })

/** RFC 9457 problem details (application/problem+json). */
export const problemJson = (description: string) =>
  z
    .object({ status: z.number(), title: z.string(), detail: z.string().optional() })
    .loose()
    .meta({
      description,
      ...inMediaType('application/problem+json', {
        type: 'object',
        required: ['status', 'title'],
        properties: {
          status: { type: 'integer' },
          title: { type: 'string' },
          detail: { type: 'string' },
        },
      }),
    })

/** Bean-validation failures: a JSON list of violations. */
export const BeanValidationErrors = z
  .array(
    z.object({
      message: z.string(),
      messageTemplate: z.string(),
      path: z.string(),
      invalidValue: z.unknown().optional(),
    }),
  )
  .meta({ description: 'The request failed validation' })

export const Unauthorized = noBody('No valid API key or bearer token')
export const Forbidden = noBody('The caller lacks the permission this operation requires')
export const UnsupportedMediaType = noBody('The request body has an unsupported media type')
export const NotModified = noBody('Nothing changed')
export const NoContent = noBody('Done; no content')
export const NotFoundText = plainText('Not found')
export const ConflictText = plainText('Conflict')
export const BadRequestText = plainText('Bad request')
export const BadRequestProblem = problemJson('Bad request')

/** A plain-text success body (e.g. a JWT, true/false). */
export const TextBody = plainText('Plain text')

/** Portfolio ACL refusals carry a sentence; a missing permission answers 403 with no body. */
export const AclForbidden = plainText(
  'Access to the project is forbidden by the portfolio ACL (empty when the permission is missing)',
)
export const NotFoundProblem = problemJson('Not found')
