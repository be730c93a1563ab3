import type { FastifyReply, FastifyRequest } from 'fastify'
import { plainText } from './responses.ts'

/** Beyond 4.13: list endpoints that also answer `Accept: text/csv` document that body so. */
export const CsvBody = plainText('CSV (Accept: text/csv): the whole filtered, sorted result')

/** Whether the request's Accept header names the media type. */
export const accepts = (request: FastifyRequest, mediaType: string) =>
  (request.headers.accept ?? '').toLowerCase().includes(mediaType)

/** A CSV download named `<name>.csv`. */
export function sendCsv(reply: FastifyReply, name: string, body: string) {
  reply.header('content-disposition', `attachment; filename="${name}.csv"`)
  return reply.type('text/csv; charset=utf-8').send(body)
}
