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

export interface BeanValidationError {
  message: string
  messageTemplate: string
  path: string
  invalidValue?: unknown
}

export function validationError(errors: BeanValidationError[]) {
  return new HttpError(400, errors, 'application/json')
}
