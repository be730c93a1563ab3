import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod'
import {
  emptyError,
  HttpError,
  payloadTooLarge,
  problem,
  textError,
  validationError,
} from '../lib/errors.ts'

/** Error replies are written as strings, so they bypass the response serializer and its schemas. */
export function sendHttpError(reply: FastifyReply, error: HttpError) {
  reply.status(error.status)
  if (error.body === null) return reply.send()
  reply.type(error.contentType)
  return reply.send(typeof error.body === 'string' ? error.body : JSON.stringify(error.body))
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) return sendHttpError(reply, error)
  if (hasZodFastifySchemaValidationErrors(error)) {
    const location = error.validationContext ?? 'body'
    return sendHttpError(
      reply,
      validationError(
        error.validation.map((issue) => {
          const path = [location, ...issue.instancePath.split('/').filter(Boolean)].join('.')
          const invalidValue = (issue.params as { input?: unknown }).input
          return {
            message: issue.message ?? 'is invalid',
            messageTemplate: `{lookout.validation.${issue.keyword}}`,
            path,
            ...(invalidValue === undefined || invalidValue === null ? {} : { invalidValue }),
          }
        }),
      ),
    )
  }
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return sendHttpError(reply, emptyError(415))
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return sendHttpError(
        reply,
        payloadTooLarge(request.routeOptions.bodyLimit ?? request.server.initialConfig.bodyLimit),
      )
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return sendHttpError(
        reply,
        problem(400, 'The provided JSON payload could not be mapped', error.message),
      )
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return sendHttpError(reply, textError(error.statusCode, error.message))
  }
  request.log.error({ err: error }, 'unhandled error')
  return sendHttpError(reply, textError(500, 'Uncaught internal server error'))
}
