import { z } from 'zod'
import { requiredName, trimToNull } from '../components/schemas.ts'

/** Request bodies of /license and /licenseGroup as Dependency-Track 4.13 validates them. */

const optionalText = z.preprocess(trimToNull, z.string().nullish())
const flag = z.boolean().nullish()

/** PUT /license: only name and licenseId are validated (4.13's validateProperty calls). */
export const CustomLicenseBody = z
  .object({
    name: requiredName(),
    licenseId: z.preprocess(
      trimToNull,
      z
        .string({ error: 'must not be blank' })
        .max(255, 'size must be between 1 and 255')
        .regex(
          /^[a-zA-Z0-9_.\-+]*$/,
          'The licenseId may only contain alpha, numeric, and specific symbols _-.+',
        ),
    ),
    licenseText: optionalText,
    standardLicenseTemplate: optionalText,
    standardLicenseHeader: optionalText,
    licenseComments: optionalText,
    isOsiApproved: flag,
    isFsfLibre: flag,
    isDeprecatedLicenseId: flag,
    seeAlso: z
      .array(z.preprocess(trimToNull, z.string().nullable()))
      .nullish()
      .transform((list) => list?.filter((item): item is string => item !== null) ?? null),
  })
  .loose()
export type CustomLicenseInput = z.infer<typeof CustomLicenseBody>

/** 4.13's aliases for exceptions: licenseExceptionId, licenseExceptionText. */
export function withExceptionAliases(body: unknown): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body
  const record = body as Record<string, unknown>
  return {
    ...record,
    licenseId: record.licenseId ?? record.licenseExceptionId,
    licenseText: record.licenseText ?? record.licenseExceptionText,
  }
}

export const LicenseGroupName = requiredName()
