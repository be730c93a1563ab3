import { z } from 'zod'
import type { LicenseInput } from '~/api/licenses.server.ts'
import { listParamsSchema } from '~/components/list-kit/url-state.ts'

/**
 * The license list's URL: search, sort, paging. 4.13's console sorts by name and SPDX id; the
 * flags sort by their stored field names (which 4.13's API orders by too), so custom or
 * deprecated licenses can be brought to the top.
 */
export const LicenseListParamsSchema = listParamsSchema([
  'name',
  'licenseId',
  'osiApproved',
  'fsfLibre',
  'deprecatedLicenseId',
  'customLicense',
])

/** Who may add and delete custom licenses (the API asks for the same). */
export const MANAGE_LICENSES = 'SYSTEM_CONFIGURATION'

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value : undefined))

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === 'on')

const webAddress = z.url({ protocol: /^https?$/ })

/**
 * The Add License form: General (name, SPDX id, text, flags) and Extended (comments, template,
 * source header, see-also addresses one per line), as dt-api-portfolio §3.16 validates them.
 */
export const LicenseFormSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(255, 'licenses.validation.tooLong'),
  licenseId: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(255, 'licenses.validation.tooLong')
    .regex(/^[a-zA-Z0-9_.\-+]*$/, 'licenses.validation.licenseId'),
  licenseText: optionalText,
  isOsiApproved: checkbox,
  isFsfLibre: checkbox,
  isDeprecatedLicenseId: checkbox,
  licenseComments: optionalText,
  standardLicenseTemplate: optionalText,
  standardLicenseHeader: optionalText,
  seeAlso: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    )
    .refine((lines) => lines.every((line) => webAddress.safeParse(line).success), {
      message: 'licenses.validation.seeAlso',
    }),
})
export type LicenseFormValue = z.infer<typeof LicenseFormSchema>

/** The fields of the Extended part: a refusal there opens it. */
export const EXTENDED_FIELDS = [
  'licenseComments',
  'standardLicenseTemplate',
  'standardLicenseHeader',
  'seeAlso',
] as const

/** The custom license to create from a valid form; empty parts are left out. */
export function licenseInputFrom(value: LicenseFormValue): LicenseInput {
  const { seeAlso, ...rest } = value
  const given = Object.entries(rest).filter(([, field]) => field !== undefined)
  return {
    ...(Object.fromEntries(given) as Omit<LicenseInput, 'seeAlso'>),
    ...(seeAlso.length > 0 ? { seeAlso } : {}),
  }
}
