import type { FastifyReply } from 'fastify'

/** A paged list answers one page of items and the total count in X-Total-Count. */
export function sendPage<Row, Json>(
  reply: FastifyReply,
  page: { rows: readonly Row[]; total: number },
  toJson: (row: Row) => Json,
): Json[] {
  reply.header('X-Total-Count', String(page.total))
  return page.rows.map(toJson)
}
