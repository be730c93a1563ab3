import { z } from 'zod'
import { SEVERITIES } from '../../../common/dt-vocabulary.ts'
import { LONG_TEXT_MAX, NAME_MAX, PURL_MAX, sizeMessage } from '../column-sizes.ts'
import { trimToNull } from '../components/schemas.ts'

/** Java's Integer.MAX_VALUE: 4.13 reads CWE ids as int. */
const JAVA_INT_MAX = 2_147_483_647
const PRINTABLE = /^(?:[^\p{Cc}]|[\t\n\r])*$/u

/** An optional trimmed text of at most `max` characters; blank becomes null. */
function text(max: number, label?: string) {
  let schema = z.string().max(max, sizeMessage(0, max))
  if (label) schema = schema.regex(PRINTABLE, `The ${label} may only contain printable characters`)
  return z.preprocess(trimToNull, schema.nullish())
}

const DATE_MESSAGE = 'must be an ISO-8601 date or date-time, or epoch milliseconds'

/** Dates arrive as epoch milliseconds or ISO-8601 (the console sends `YYYY-MM-DD`). */
export function parseDateInput(value: string | number): Date | undefined {
  if (typeof value === 'number') return inStorableRange(new Date(value))
  const trimmed = value.trim()
  if (
    !/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(trimmed)
  ) {
    return undefined
  }
  const dateOnly = trimmed.length === 10
  return inStorableRange(new Date(dateOnly ? `${trimmed}T00:00:00Z` : trimmed.replace(' ', 'T')))
}

/** Years 1 to 9999: what both databases store and ISO-8601 writes without an extended year. */
function inStorableRange(date: Date) {
  const year = date.getUTCFullYear()
  return Number.isFinite(date.getTime()) && year >= 1 && year <= 9999 ? date : undefined
}

const DateInput = z.preprocess(
  trimToNull,
  z
    .union([z.number(), z.string()])
    .refine((value) => parseDateInput(value) !== undefined, DATE_MESSAGE)
    .nullish(),
)

const CweIdInput = z.union([
  z
    .number()
    .int('must be an integer')
    .max(JAVA_INT_MAX, `must be less than or equal to ${JAVA_INT_MAX}`),
  z.string().regex(/^\s*-?\d{1,9}\s*$/, 'must be an integer'),
])
const CweRef = z.object({ cweId: CweIdInput.nullish() }).loose()

const AffectedComponentBody = z
  .object({
    identityType: z.enum(['CPE', 'PURL'], { error: 'The identityType is not valid' }).nullish(),
    identity: text(PURL_MAX, 'identity'),
    versionType: z.enum(['EXACT', 'RANGE'], { error: 'The versionType is not valid' }).nullish(),
    version: text(NAME_MAX, 'version'),
    versionEndExcluding: text(NAME_MAX, 'versionEndExcluding'),
    versionEndIncluding: text(NAME_MAX, 'versionEndIncluding'),
    versionStartExcluding: text(NAME_MAX, 'versionStartExcluding'),
    versionStartIncluding: text(NAME_MAX, 'versionStartIncluding'),
  })
  .loose()

export type AffectedComponentInput = z.infer<typeof AffectedComponentBody>

/**
 * PUT and POST /vulnerability: an internal vulnerability. Scores are never taken from the body:
 * the server computes them from the vectors. Unknown fields are ignored.
 */
export const VulnerabilityBody = z
  .object({
    uuid: z.unknown().optional(),
    vulnId: z.preprocess(
      trimToNull,
      z
        .string({ error: 'must not be blank' })
        .max(NAME_MAX, sizeMessage(1, NAME_MAX))
        .regex(PRINTABLE, 'The vulnId may only contain printable characters'),
    ),
    friendlyVulnId: text(NAME_MAX, 'friendlyVulnId'),
    title: text(NAME_MAX, 'title'),
    subTitle: text(NAME_MAX, 'subTitle'),
    description: text(LONG_TEXT_MAX, 'description'),
    detail: text(LONG_TEXT_MAX, 'detail'),
    recommendation: text(LONG_TEXT_MAX, 'recommendation'),
    references: text(LONG_TEXT_MAX, 'references'),
    credits: text(LONG_TEXT_MAX, 'credits'),
    created: DateInput,
    published: DateInput,
    updated: DateInput,
    severity: z.preprocess(
      (value) => (typeof value === 'string' ? trimToNull(value.toUpperCase()) : value),
      z.enum(SEVERITIES, { error: 'The severity is not valid' }).nullish(),
    ),
    cvssV2Vector: text(NAME_MAX, 'cvssV2Vector'),
    cvssV3Vector: text(NAME_MAX, 'cvssV3Vector'),
    cvssV4Vector: text(NAME_MAX, 'cvssV4Vector'),
    owaspRRVector: text(NAME_MAX, 'owaspRRVector'),
    vulnerableVersions: text(NAME_MAX, 'vulnerableVersions'),
    patchedVersions: text(NAME_MAX, 'patchedVersions'),
    cwes: z.array(CweRef).nullish(),
    cwe: CweRef.nullish(),
    affectedComponents: z.array(AffectedComponentBody).nullish(),
  })
  .loose()

export type VulnerabilityInput = z.infer<typeof VulnerabilityBody>
