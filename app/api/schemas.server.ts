import { z } from 'zod'
import {
  ContactShape,
  ExternalReferenceShape,
  OrganizationalEntityShape,
} from '../../common/dt-shapes.ts'

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
export const ContactSchema = ContactShape.loose()
export type Contact = z.infer<typeof ContactSchema>

/** CycloneDX organizational entity (supplier, manufacturer, service provider). */
export const OrganizationalEntitySchema = OrganizationalEntityShape.extend({
  contacts: z.array(ContactSchema).optional(),
}).loose()
export type OrganizationalEntity = z.infer<typeof OrganizationalEntitySchema>

export const ExternalReferenceSchema = ExternalReferenceShape.loose()
export type ExternalReference = z.infer<typeof ExternalReferenceSchema>
