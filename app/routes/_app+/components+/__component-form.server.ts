import { json, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import type { ApiError } from '~/api/client.server.ts'
import { serverMessageLines, toastForFailedResponse } from '~/utils/api-errors.ts'
import { CLASSIFIERS } from '~/utils/portfolio.ts'
import { createToastHeaders } from '~/utils/toast.server.ts'
import { PROPERTY_TYPES, type PropertyType } from '../../../../common/dt-vocabulary.ts'

const optionalText = (max?: number) =>
  z
    .string()
    .max(max ?? Number.MAX_SAFE_INTEGER, 'componentDetails.validation.tooLong')
    .optional()
    .transform((value) => value?.trim() || undefined)

const hash = (length: number) =>
  z
    .string()
    .regex(new RegExp(`^[0-9a-fA-F]{${length}}$`), 'componentDetails.validation.hash')
    .optional()
    .transform((value) => value?.trim().toLowerCase() || undefined)

/** The Add Component and Component Details forms; the API checks purl, CPE and SPDX syntax. */
export const ComponentFormSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(255, 'componentDetails.validation.tooLong'),
  version: optionalText(255),
  group: optionalText(255),
  author: optionalText(255),
  purl: optionalText(786),
  cpe: optionalText(255),
  swidTagId: optionalText(255),
  classifier: z.enum(CLASSIFIERS, { error: 'validation.required' }),
  filename: optionalText(255),
  description: optionalText(1024),
  license: optionalText(255),
  licenseExpression: optionalText(),
  licenseUrl: optionalText(255),
  copyright: optionalText(1024),
  md5: hash(32),
  sha1: hash(40),
  sha256: hash(64),
  sha384: hash(96),
  sha512: hash(128),
  sha3_256: hash(64),
  sha3_384: hash(96),
  sha3_512: hash(128),
  notes: optionalText(),
})

/** Property types a component accepts (ENCRYPTEDSTRING is refused by the API). */
export const COMPONENT_PROPERTY_TYPES = PROPERTY_TYPES.filter(
  (type): type is Exclude<PropertyType, 'ENCRYPTEDSTRING'> => type !== 'ENCRYPTEDSTRING',
) as [Exclude<PropertyType, 'ENCRYPTEDSTRING'>, ...Array<Exclude<PropertyType, 'ENCRYPTEDSTRING'>>]

export const PropertyFormSchema = z.object({
  groupName: optionalText(255),
  propertyName: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(255, 'componentDetails.validation.tooLong'),
  propertyValue: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(1024, 'componentDetails.validation.tooLong'),
  propertyType: z.enum(COMPONENT_PROPERTY_TYPES, { error: 'validation.required' }),
  description: optionalText(255),
})

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

export const COMPONENT_FIELDS = Object.keys(ComponentFormSchema.shape)
export const PROPERTY_FIELDS = Object.keys(PropertyFormSchema.shape)
