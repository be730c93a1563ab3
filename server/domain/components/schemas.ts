import { z } from 'zod'
import {
  CLASSIFIERS,
  EXTERNAL_REFERENCE_TYPES,
  PROPERTY_TYPES,
} from '../../../common/dt-vocabulary.ts'

export { CLASSIFIERS, EXTERNAL_REFERENCE_TYPES }
import { parsePurl } from './purl.ts'
import { isValidSpdxExpression } from './spdx.ts'

export { PROPERTY_TYPES }

export const DATA_DIRECTIONS = ['INBOUND', 'OUTBOUND', 'BI_DIRECTIONAL', 'UNKNOWN'] as const

const PRINTABLE = /^(?:[^\p{Cc}]|[\t\n\r])*$/u
const NO_CONTROL = /^\P{Cc}+$/u
const FILENAME = /^[^\p{Cc}/\\]*$/u

// NIST's CPE 2.3 formatted-string and CPE 2.2 URI patterns, as Dependency-Track validates them.
const CPE_QUOTED = String.raw`\\[\\\*\?!"#$%&'\(\)\+,/:;<=>@\[\]\^` + '`' + String.raw`\{\|}~]`
const CPE_VALUE =
  String.raw`(((\?*|\*?)([a-zA-Z0-9\-\._]|(` + CPE_QUOTED + String.raw`))+(\?*|\*?))|[\*\-])`
const CPE23 =
  String.raw`cpe:2\.3:[aho\*\-](:` +
  CPE_VALUE +
  String.raw`){5}(:(([a-zA-Z]{2,3}(-([a-zA-Z]{2}|[0-9]{3}))?)|[\*\-]))(:` +
  CPE_VALUE +
  '){4}'
const CPE22 = String.raw`[c][pP][eE]:/[AHOaho]?(:[A-Za-z0-9\._\-~%]*){0,6}`
export const CPE_PATTERN = new RegExp(`^(?:(?:${CPE23})|(?:${CPE22}))$`)

export const trimToNull = (value: unknown) => {
  if (typeof value !== 'string') return value
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

const sizeMessage = (min: number, max: number) => `size must be between ${min} and ${max}`

/** An optional trimmed text; blank becomes null. */
function text(max: number | undefined, printableMessage?: string) {
  let schema = z.string()
  if (max !== undefined) schema = schema.max(max, sizeMessage(0, max))
  if (printableMessage) schema = schema.regex(PRINTABLE, printableMessage)
  return z.preprocess(trimToNull, schema.nullish())
}

export function requiredName() {
  return z.preprocess(
    trimToNull,
    z
      .string({ error: 'must not be blank' })
      .max(255, sizeMessage(1, 255))
      .regex(PRINTABLE, 'The name may only contain printable characters'),
  )
}

function hash(label: string, length: number) {
  return z.preprocess(
    trimToNull,
    z
      .string()
      .regex(
        new RegExp(`^[0-9a-fA-F]{${length}}$`),
        `The ${label} hash must be a valid ${length} character HEX number`,
      )
      .nullish(),
  )
}

function isHttpUrl(value: string) {
  try {
    return ['http:', 'https:', 'ftp:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

const ContactBody = z
  .object({
    name: z.string().nullish(),
    email: z.string().nullish(),
    phone: z.string().nullish(),
  })
  .loose()

export const OrganizationalEntityBody = z
  .object({
    name: z.string().nullish(),
    urls: z.array(z.string()).nullish(),
    contacts: z.array(ContactBody).nullish(),
  })
  .loose()

/** Accepts the CycloneDX token ("issue-tracker") or the Java constant name ("ISSUE_TRACKER"). */
export function externalReferenceType(value: string): string | undefined {
  const lower = value.trim().toLowerCase()
  const known = EXTERNAL_REFERENCE_TYPES as readonly string[]
  if (known.includes(lower)) return lower
  const dashed = lower.replaceAll('_', '-')
  return known.includes(dashed) ? dashed : undefined
}

const ExternalReferenceBody = z
  .object({
    type: z
      .string()
      .refine((value) => externalReferenceType(value) !== undefined, {
        message: 'The external reference type is not valid',
      })
      .nullish(),
    url: z.string().nullish(),
    comment: z.string().nullish(),
  })
  .loose()

export const ExternalReferencesBody = z.array(ExternalReferenceBody).nullish()

const classifier = z.enum(CLASSIFIERS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? 'must not be null'
      : 'The classifier is not valid',
})

/** Fields of PUT /component/project/{uuid} and POST /component. Unknown fields are ignored. */
export const ComponentBody = z
  .object({
    uuid: z.unknown().optional(),
    name: requiredName(),
    version: text(255, 'The version may only contain printable characters'),
    group: text(255, 'The group may only contain printable characters'),
    description: text(1024, 'The description may only contain printable characters'),
    license: text(255, 'The license may only contain printable characters'),
    licenseExpression: z.preprocess(
      trimToNull,
      z
        .string()
        .regex(PRINTABLE, 'The license expression may only contain printable characters')
        .refine(isValidSpdxExpression, 'The license expression must be a valid SPDX expression')
        .nullish(),
    ),
    licenseUrl: z.preprocess(
      trimToNull,
      z
        .string()
        .max(255, sizeMessage(0, 255))
        .refine(isHttpUrl, 'The license URL must be a valid URL')
        .nullish(),
    ),
    filename: z.preprocess(
      trimToNull,
      z
        .string()
        .max(255, sizeMessage(0, 255))
        .regex(FILENAME, 'The specified filename is not valid and cannot be used as a filename')
        .nullish(),
    ),
    classifier,
    purl: z.preprocess(
      trimToNull,
      z
        .string()
        .max(786, sizeMessage(0, 786))
        .refine(
          (value) => parsePurl(value) !== undefined,
          'The Package URL (purl) must be a valid URI and conform to https://github.com/package-url/purl-spec',
        )
        .nullish(),
    ),
    cpe: z.preprocess(
      trimToNull,
      z
        .string()
        .max(255, sizeMessage(0, 255))
        .regex(
          CPE_PATTERN,
          'The CPE must conform to the CPE v2.2 or v2.3 specification defined by NIST',
        )
        .nullish(),
    ),
    swidTagId: text(255, 'The SWID tagId may only contain printable characters'),
    copyright: text(1024, 'The copyright may only contain printable characters'),
    md5: hash('MD5', 32),
    sha1: hash('SHA1', 40),
    sha256: hash('SHA-256', 64),
    sha384: hash('SHA-384', 96),
    sha512: hash('SHA-512', 128),
    sha3_256: hash('SHA3-256', 64),
    sha3_384: hash('SHA3-384', 96),
    sha3_512: hash('SHA3-512', 128),
    author: z.string().nullish(),
    authors: z.array(ContactBody).nullish(),
    publisher: text(255, 'The publisher may only contain printable characters'),
    notes: text(undefined),
    externalReferences: ExternalReferencesBody,
  })
  .loose()

export type ComponentInput = z.infer<typeof ComponentBody>

/** PUT /component/{uuid}/property. */
export const ComponentPropertyBody = z
  .object({
    groupName: z.preprocess(
      trimToNull,
      z
        .string()
        .max(255, sizeMessage(1, 255))
        .regex(NO_CONTROL, 'The groupName must not contain control characters')
        .nullish(),
    ),
    propertyName: z.preprocess(
      trimToNull,
      z
        .string({ error: 'must not be blank' })
        .max(255, sizeMessage(1, 255))
        .regex(NO_CONTROL, 'The propertyName must not contain control characters'),
    ),
    propertyValue: z.preprocess(
      (value) =>
        trimToNull(typeof value === 'number' || typeof value === 'boolean' ? String(value) : value),
      z
        .string()
        .max(1024, sizeMessage(0, 1024))
        .regex(NO_CONTROL, 'The propertyValue must not contain control characters')
        .nullish(),
    ),
    propertyType: z
      .enum(PROPERTY_TYPES, {
        error: (issue) =>
          issue.input === undefined || issue.input === null
            ? 'must not be null'
            : 'The propertyType is not valid',
      })
      .refine((type) => type !== 'ENCRYPTEDSTRING', {
        message: 'Encrypted component property values are not supported',
      }),
    description: z.preprocess(
      trimToNull,
      z
        .string()
        .max(255, sizeMessage(0, 255))
        .regex(NO_CONTROL, 'The description must not contain control characters')
        .nullish(),
    ),
  })
  .loose()

export type ComponentPropertyInput = z.infer<typeof ComponentPropertyBody>

const DataClassificationBody = z
  .object({
    direction: z.enum(DATA_DIRECTIONS).nullish(),
    name: z.string().nullish(),
  })
  .loose()

/** PUT /service/project/{uuid} and POST /service. */
export const ServiceBody = z
  .object({
    uuid: z.unknown().optional(),
    provider: OrganizationalEntityBody.nullish(),
    group: text(255, 'The group may only contain printable characters'),
    name: requiredName(),
    version: text(255, 'The version may only contain printable characters'),
    description: text(1024, 'The description may only contain printable characters'),
    // Dependency-Track fails with a 500 when endpoints is missing; a 400 is what was meant.
    endpoints: z.array(z.string(), { error: 'must not be null' }),
    authenticated: z.boolean().nullish(),
    crossesTrustBoundary: z.boolean().nullish(),
    data: z.array(DataClassificationBody).nullish(),
    externalReferences: ExternalReferencesBody,
  })
  .loose()

export type ServiceInput = z.infer<typeof ServiceBody>
