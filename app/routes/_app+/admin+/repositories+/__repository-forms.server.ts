import { z } from 'zod'
import {
  CREATABLE_REPOSITORY_TYPES,
  REPOSITORY_PAGES,
  type RepositoryType,
} from '../../../../../common/repository-shapes.ts'
import { checkbox } from '~/utils/settings-form.ts'

/** The Repositories pages' forms (dt-screens §19.4). Messages are translation keys. */

export type RepositoryPage = (typeof REPOSITORY_PAGES)[number]

export function findRepositoryPage(page: string | undefined): RepositoryPage | undefined {
  return REPOSITORY_PAGES.find((candidate) => candidate.page === page)
}

/** The types the Create dialog offers on a page: the creatable ones, and the page's own. */
export function creatableTypes(page: RepositoryPage): RepositoryType[] {
  const types: RepositoryType[] = [...CREATABLE_REPOSITORY_TYPES]
  return types.includes(page.type) ? types : [page.type, ...types]
}

const required = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, 'validation.required')
  .max(255, 'repositories.validation.tooLong')

const httpUrl = required.refine((value) => {
  if (!URL.canParse(value)) return false
  return ['http:', 'https:'].includes(new URL(value).protocol)
}, 'repositories.validation.url')

/** What the row editor and the Create dialog share. */
const settings = {
  url: httpUrl,
  internal: checkbox,
  authenticationRequired: checkbox,
  username: z
    .string()
    .max(255, 'repositories.validation.tooLong')
    .optional()
    .transform((value) => value?.trim() ?? ''),
  // Never trimmed: a password is what it is. Empty keeps the stored one (edit) or sets none.
  password: z.string().max(255, 'repositories.validation.tooLong').optional(),
  enabled: checkbox,
}

type Credentials = { authenticationRequired: boolean; username: string; password?: string }

/** With authentication, a username is needed, and on creation a password too. */
function needsCredentials(passwordRequired: boolean) {
  return (value: Credentials, context: z.RefinementCtx) => {
    if (!value.authenticationRequired) return
    if (value.username === '') {
      context.addIssue({ code: 'custom', path: ['username'], message: 'validation.required' })
    }
    if (passwordRequired && !value.password) {
      context.addIssue({ code: 'custom', path: ['password'], message: 'validation.required' })
    }
  }
}

/** Checked even when another field is wrong, so the reader sees every problem at once. */
const ALWAYS = { when: () => true }

export function createRepositorySchema(page: RepositoryPage) {
  const types = creatableTypes(page)
  return z
    .object({
      type: z.enum(types as [RepositoryType, ...RepositoryType[]], {
        error: 'repositories.validation.type',
      }),
      identifier: required,
      ...settings,
    })
    .superRefine(needsCredentials(true), ALWAYS)
}

export const EditRepositorySchema = z
  .object({ uuid: z.uuid(), identifier: required, ...settings })
  .superRefine(needsCredentials(false), ALWAYS)

export const REPOSITORY_FIELDS = [
  'type',
  'identifier',
  'url',
  'internal',
  'authenticationRequired',
  'username',
  'password',
  'enabled',
] as const
