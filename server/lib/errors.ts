/** A deliberate error answer: Dependency-Track mostly answers 4xx with a plain English sentence. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: string | Record<string, unknown> | unknown[] | null = null,
    readonly contentType = 'text/plain; charset=utf-8',
  ) {
    super(typeof body === 'string' ? body : `HTTP ${status}`)
  }
}

export const textError = (status: number, message: string) => new HttpError(status, message)
export const emptyError = (status: number) => new HttpError(status, null)

/** RFC 9457 problem details as Dependency-Track writes them (null fields omitted). */
export function problem(
  status: number,
  title: string,
  detail?: string,
  extra: Record<string, unknown> = {},
) {
  return new HttpError(
    status,
    { status, title, ...(detail === undefined ? {} : { detail }), ...extra },
    'application/problem+json',
  )
}

/** Megabytes for people: 20971520 → "20", 4096 → "0.00391". */
const megabytes = (bytes: number) => String(Number((bytes / 1_048_576).toPrecision(3)))

/** The 413 answer, naming the limit in a sentence. */
export function payloadTooLarge(limit: number, advice = '') {
  return problem(
    413,
    'Payload too large',
    `The request body is larger than the ${megabytes(limit)} MB this server accepts ` +
      `(${limit} bytes).${advice ? ` ${advice}` : ''}`,
  )
}

export interface BeanValidationError {
  message: string
  messageTemplate: string
  path: string
  invalidValue?: unknown
}

export function validationError(errors: BeanValidationError[]) {
  return new HttpError(400, errors, 'application/json')
}
