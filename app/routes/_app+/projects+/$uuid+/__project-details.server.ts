import { z } from 'zod'
import { PROPERTY_TYPES } from '~/api/projects.server.ts'
import { DETAIL_TABS, type DetailTab } from '~/components/project-details/dialog-url.ts'
import { serverMessageKey, type FailedResponse } from '~/utils/api-errors.ts'
import { CLASSIFIERS, COLLECTION_LOGICS } from '~/utils/portfolio.ts'

const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on' || value === 'true')
const required = (max: number) =>
  z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(max, 'projectDetails.validation.tooLong')

export const UpdateProjectFormSchema = z.object({
  name: required(255),
  version: optionalText,
  isLatest: checkbox,
  classifier: z.enum(CLASSIFIERS).default('APPLICATION'),
  collectionLogic: z.enum(COLLECTION_LOGICS).default('NONE'),
  collectionTag: optionalText,
  parentUuid: optionalText,
  description: optionalText,
  tags: optionalText,
  active: checkbox,
  group: optionalText.pipe(z.string().max(255, 'projectDetails.validation.tooLong').optional()),
  purl: optionalText.pipe(z.string().max(786, 'projectDetails.validation.tooLong').optional()),
  cpe: optionalText.pipe(z.string().max(255, 'projectDetails.validation.tooLong').optional()),
  swidTagId: optionalText.pipe(z.string().max(255, 'projectDetails.validation.tooLong').optional()),
})

const VALUE_CHECKS: Partial<Record<(typeof PROPERTY_TYPES)[number], (value: string) => boolean>> = {
  BOOLEAN: (value) => /^(true|false)$/i.test(value),
  INTEGER: (value) => /^[+-]?\d+$/.test(value),
  NUMBER: (value) => value !== '' && !Number.isNaN(Number(value)),
  URL: (value) => URL.canParse(value),
  UUID: (value) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value),
}

/**
 * The API stores a property whose value does not fit its type with no value at all (and still
 * answers 201), so the value is checked against the type before it is sent.
 */
export const CreatePropertyFormSchema = z
  .object({
    groupName: required(255),
    propertyName: required(255),
    propertyValue: required(1024),
    propertyType: z.enum(PROPERTY_TYPES, { error: 'validation.required' }),
    description: optionalText.pipe(
      z.string().max(255, 'projectDetails.validation.tooLong').optional(),
    ),
  })
  .superRefine((property, context) => {
    const check = VALUE_CHECKS[property.propertyType]
    if (check && !check(property.propertyValue)) {
      context.addIssue({
        code: 'custom',
        path: ['propertyValue'],
        message: `projectDetails.properties.invalid.${property.propertyType}`,
      })
    }
  })

export const AddVersionFormSchema = z.object({
  version: required(255),
  makeCloneLatest: checkbox,
  includeTags: checkbox,
  includeProperties: checkbox,
  includeComponents: checkbox,
  includeServices: checkbox,
  includeAuditHistory: checkbox,
  includeACL: checkbox,
  includePolicyViolations: checkbox,
})

/** Which dialog the URL opens; at most one, the most specific wins. */
export type DialogState =
  | { kind: 'none' }
  | { kind: 'details'; tab: DetailTab }
  | { kind: 'delete' }
  | { kind: 'properties'; create: boolean; search?: string }
  | { kind: 'addVersion' }

export function dialogState(params: URLSearchParams, canManage: boolean): DialogState {
  if (canManage && params.has('delete')) return { kind: 'delete' }
  if (canManage && params.has('properties')) {
    return {
      kind: 'properties',
      create: params.get('properties') === 'create',
      search: params.get('propertySearch')?.trim() || undefined,
    }
  }
  if (canManage && params.has('addVersion')) return { kind: 'addVersion' }
  if (params.has('details')) {
    const tab = params.get('details')
    return {
      kind: 'details',
      tab: (DETAIL_TABS as readonly string[]).includes(tab ?? '') ? (tab as DetailTab) : 'general',
    }
  }
  return { kind: 'none' }
}

/** The API's fixed messages for refused project and property changes, in the reader's language. */
export interface FailureReply {
  formErrors: string[]
  fieldErrors: Record<string, string[]>
}

/**
 * A refused request as errors on the form: known messages translated, validation entries on
 * their field when the form has it, problem details as title and detail. Server errors give
 * undefined: they are a toast, not the form's fault.
 */
export function failureReply(
  response: FailedResponse,
  fields: readonly string[],
  t: (key: string) => string,
): FailureReply | undefined {
  if (response.status >= 500) return undefined
  const reply: FailureReply = { formErrors: [], fieldErrors: {} }
  let parsed: unknown
  try {
    parsed = JSON.parse(response.body)
  } catch {
    parsed = undefined
  }
  if (Array.isArray(parsed)) {
    for (const item of parsed as Array<{ path?: unknown; message?: unknown }>) {
      if (typeof item?.message !== 'string') continue
      const path = typeof item.path === 'string' ? item.path : undefined
      if (path && fields.includes(path)) {
        ;(reply.fieldErrors[path] ??= []).push(item.message)
      } else {
        reply.formErrors.push(path ? `${path}: ${item.message}` : item.message)
      }
    }
    if (reply.formErrors.length > 0 || Object.keys(reply.fieldErrors).length > 0) return reply
  }
  if (parsed && typeof parsed === 'object' && 'title' in parsed) {
    const { title, detail } = parsed as { title?: unknown; detail?: unknown }
    reply.formErrors.push(
      [title, detail].filter((part) => typeof part === 'string' && part).join(': '),
    )
    return reply
  }
  const text = response.body.trim()
  const key = serverMessageKey(text)
  reply.formErrors.push(key ? t(key) : text || `${response.statusText} (${response.status})`)
  return reply
}

/** Where to go back after a post: the project page the form was on, never elsewhere. */
export function returnPath(value: FormDataEntryValue | null, uuid: string): string {
  const fallback = `/projects/${uuid}`
  if (typeof value !== 'string') return fallback
  if (value !== fallback && !value.startsWith(`${fallback}/`) && !value.startsWith(`${fallback}?`))
    return fallback
  if (value.includes('\\') || value.includes('//')) return fallback
  return value
}
