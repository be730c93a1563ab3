import { z } from 'zod'

/** Client-side views of the API's JSON: only the fields the console reads, unknown fields kept. */
export const PermissionSchema = z
  .object({ name: z.string(), description: z.string().optional() })
  .loose()

export const CurrentUserSchema = z
  .object({
    username: z.string(),
    fullname: z.string().optional(),
    email: z.string().optional(),
    permissions: z.array(PermissionSchema).optional(),
    teams: z.array(z.object({ uuid: z.string(), name: z.string() }).loose()).optional(),
  })
  .loose()
export type CurrentUser = z.infer<typeof CurrentUserSchema>

export const AboutSchema = z
  .object({
    application: z.string(),
    version: z.string(),
    timestamp: z.string().optional(),
    uuid: z.string().optional(),
    systemUuid: z.string().optional(),
    database: z
      .object({ productName: z.string(), productVersion: z.string() })
      .partial()
      .optional(),
    lookoutVersion: z.string().optional(),
  })
  .loose()
export type About = z.infer<typeof AboutSchema>

export const ConfigPropertySchema = z
  .object({
    groupName: z.string(),
    propertyName: z.string(),
    propertyValue: z.string().optional(),
    propertyType: z.string().optional(),
  })
  .loose()

/** CycloneDX organizational contact (author, supplier or manufacturer contact). */
export const ContactSchema = z
  .object({
    name: z.string().optional(),
    email: z.string().optional(),
    phone: z.string().optional(),
  })
  .loose()
export type Contact = z.infer<typeof ContactSchema>

/** CycloneDX organizational entity (supplier, manufacturer, service provider). */
export const OrganizationalEntitySchema = z
  .object({
    name: z.string().optional(),
    urls: z.array(z.string()).optional(),
    contacts: z.array(ContactSchema).optional(),
  })
  .loose()
export type OrganizationalEntity = z.infer<typeof OrganizationalEntitySchema>

export const ExternalReferenceSchema = z
  .object({
    type: z.string().optional(),
    url: z.string().optional(),
    comment: z.string().optional(),
  })
  .loose()
export type ExternalReference = z.infer<typeof ExternalReferenceSchema>
