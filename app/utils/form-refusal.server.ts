import { json, type AppLoadContext } from '@remix-run/node'
import type { ApiError } from '~/api/client.server.ts'
import { serverMessageLines, toastForFailedResponse } from '~/utils/api-errors.ts'
import { createToastHeaders } from '~/utils/toast.server.ts'

/**
 * Bean-validation answers (`[{path: "body.purl", message}]`) as field errors, so the reader
 * sees the API's explanation next to the field it is about. Undefined when the answer is not one.
 */
export function fieldErrorsFrom(
  error: ApiError,
  fields: readonly string[],
): Record<string, string[]> | undefined {
  if (error.status !== 400) return undefined
  let parsed: unknown
  try {
    parsed = JSON.parse(error.response.body)
  } catch {
    return undefined
  }
  if (!Array.isArray(parsed)) return undefined
  const errors: Record<string, string[]> = {}
  for (const item of parsed as Array<{ path?: unknown; message?: unknown }>) {
    if (typeof item.message !== 'string') continue
    const field = typeof item.path === 'string' ? item.path.split('.').pop() : undefined
    const key = field && fields.includes(field) ? field : ''
    errors[key] = [...(errors[key] ?? []), item.message]
  }
  return Object.keys(errors).length > 0 ? errors : undefined
}

interface Submission<Result> {
  reply: (options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => Result
}

/** An API refusal as the form shows it: field errors, a form error, or a toast. */
export async function failedSubmission<Result>(
  context: AppLoadContext,
  t: (key: string) => string,
  submission: Submission<Result>,
  error: ApiError,
  fields: readonly string[],
) {
  const fieldErrors = fieldErrorsFrom(error, fields)
  if (fieldErrors) {
    const { '': formErrors, ...byField } = fieldErrors
    return json({ result: submission.reply({ fieldErrors: byField, formErrors }) }, { status: 400 })
  }
  if (error.status < 500 && error.response.contentType?.startsWith('text/plain')) {
    return json(
      { result: submission.reply({ formErrors: serverMessageLines(error.response.body, t) }) },
      { status: error.status },
    )
  }
  return json(
    { result: submission.reply() },
    {
      status: error.status,
      headers: await createToastHeaders(context, toastForFailedResponse(error.response, t)),
    },
  )
}
