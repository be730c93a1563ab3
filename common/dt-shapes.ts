import { z } from 'zod'

/**
 * The JSON building blocks Dependency-Track 4.13 writes, defined once. The server serialises
 * through them exactly (unknown keys dropped); the console reads them with `.loose()`.
 */
export const ContactShape = z.object({
  name: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
})

export const OrganizationalEntityShape = z.object({
  name: z.string().optional(),
  urls: z.array(z.string()).optional(),
  contacts: z.array(ContactShape).optional(),
})

export const ExternalReferenceShape = z.object({
  type: z.string().optional(),
  url: z.string().optional(),
  comment: z.string().optional(),
})

/**
 * A license as the concise view writes it (dt-api-portfolio §3.16): `/license/concise`, license
 * group members, policy pickers and a component's `resolvedLicense`.
 */
export const ConciseLicenseShape = z.object({
  uuid: z.string(),
  name: z.string(),
  licenseId: z.string(),
  isOsiApproved: z.boolean(),
  isFsfLibre: z.boolean(),
  isDeprecatedLicenseId: z.boolean(),
  isCustomLicense: z.boolean(),
})
export type ConciseLicense = z.infer<typeof ConciseLicenseShape>

const hash = z.string().optional()

/**
 * A component's own fields as Dependency-Track 4.13 writes them, without the project it belongs
 * to (the server adds its nested project; console views add what they read of it).
 */
export const ComponentShape = z.object({
  authors: z.array(ContactShape).optional(),
  author: z.string().optional(),
  publisher: z.string().optional(),
  supplier: OrganizationalEntityShape.optional(),
  group: z.string().optional(),
  name: z.string(),
  version: z.string().optional(),
  classifier: z.string().optional(),
  filename: z.string().optional(),
  extension: z.string().optional(),
  md5: hash,
  sha1: hash,
  sha256: hash,
  sha384: hash,
  sha512: hash,
  sha3_256: hash,
  sha3_384: hash,
  sha3_512: hash,
  blake2b_256: hash,
  blake2b_384: hash,
  blake2b_512: hash,
  blake3: hash,
  cpe: z.string().optional(),
  purl: z.string().optional(),
  purlCoordinates: z.string().optional(),
  swidTagId: z.string().optional(),
  isInternal: z.boolean(),
  description: z.string().optional(),
  copyright: z.string().optional(),
  license: z.string().optional(),
  licenseExpression: z.string().optional(),
  licenseUrl: z.string().optional(),
  resolvedLicense: ConciseLicenseShape.optional(),
  directDependencies: z.string().optional(),
  externalReferences: z.array(ExternalReferenceShape).optional(),
  lastInheritedRiskScore: z.number().optional(),
  notes: z.string().optional(),
  uuid: z.string(),
})
