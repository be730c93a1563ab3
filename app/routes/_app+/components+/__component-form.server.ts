import { z } from 'zod'
import { CLASSIFIERS } from '~/utils/portfolio.ts'
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

export { failedSubmission, fieldErrorsFrom } from '~/utils/form-refusal.server.ts'

export const COMPONENT_FIELDS = Object.keys(ComponentFormSchema.shape)
export const PROPERTY_FIELDS = Object.keys(PropertyFormSchema.shape)
