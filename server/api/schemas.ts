import { z } from 'zod'

export {
  PermissionJson,
  TeamRefJson,
  ManagedUserJson,
  LdapUserJson,
  OidcUserJson,
  UserJson,
  ApiKeyJson,
  TeamJson,
  MemberJson,
  MappedLdapGroupJson,
  OidcGroupJson,
  MappedOidcGroupJson,
} from '../../common/access-shapes.ts'

export const ConfigPropertyJson = z.object({
  groupName: z.string(),
  propertyName: z.string(),
  propertyValue: z.string().optional(),
  propertyType: z.string(),
  description: z.string().optional(),
})

export const AboutJson = z.object({
  application: z.string(),
  version: z.string(),
  timestamp: z.string(),
  uuid: z.string(),
  systemUuid: z.string(),
  framework: z.object({
    name: z.string(),
    version: z.string(),
    timestamp: z.string(),
    uuid: z.string(),
  }),
  database: z.object({ productName: z.string(), productVersion: z.string() }).optional(),
  lookoutVersion: z.string(),
})

export const TokenStatusJson = z.object({ processing: z.boolean() })
/** The token of queued work, pollable through GET /v1/event/token/{uuid}. */
export const TokenJson = z.object({ token: z.string() })
