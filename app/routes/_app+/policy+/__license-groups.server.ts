import { z } from 'zod'
import {
  flagParam,
  listParamsSchema,
  pageParam,
  textParam,
} from '~/components/list-kit/url-state.ts'

/** The License Groups tab's URL: search by name, sort by name or risk weight, paging. */
export const LicenseGroupListParamsSchema = listParamsSchema(['name', 'riskWeight'])

/** The name of a group, as Create License Group and the rename form send it. */
export const LicenseGroupFormSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(255, 'licenses.validation.tooLong'),
})

/** Rows of the Add Licenses picker per page. */
export const PICKER_PAGE_SIZE = 10

/**
 * A group page's URL: `pick` opens the Add Licenses picker (searched and paged by the server:
 * `pickSearch`, `pickPage`), `delete` the confirmation.
 */
export const LicenseGroupPageParamsSchema = z.object({
  pick: flagParam,
  pickSearch: textParam,
  pickPage: pageParam,
})
export type LicenseGroupPageParams = z.infer<typeof LicenseGroupPageParamsSchema>

/** The picker's own parameters, dropped when it closes. */
export const PICKER_PARAMS = ['pick', 'pickSearch', 'pickPage'] as const

const uuid = z.uuid()

/** What a post on a group page asks for (rename has its own form schema). */
export const LicenseGroupActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('rename') }),
  z.object({ intent: z.literal('delete') }),
  z.object({ intent: z.literal('remove'), license: uuid }),
  z.object({ intent: z.literal('add'), licenses: z.array(uuid).max(100) }),
])
export type LicenseGroupAction = z.infer<typeof LicenseGroupActionSchema>

/** Reads the posted form: the picker's checked rows (`license`) become a list. */
export function parseLicenseGroupAction(form: FormData) {
  return LicenseGroupActionSchema.safeParse({
    intent: form.get('intent'),
    license: form.get('remove') ?? undefined,
    licenses: form.getAll('license').map(String),
  })
}

/** The page a post came from, for going back to it (never another site). */
export function samePage(requestUrl: string, drop: readonly string[] = []) {
  const url = new URL(requestUrl)
  for (const key of ['index', '_data', ...drop]) url.searchParams.delete(key)
  const query = url.searchParams.toString()
  return `${url.pathname}${query ? `?${query}` : ''}`
}
