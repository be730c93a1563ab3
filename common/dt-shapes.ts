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
