import { z } from 'zod'
import type { ApiClient } from './client.server.ts'
import { OrganizationalEntitySchema } from './schemas.server.ts'

/** A ServiceComponent as /api/v1/service answers it; unknown fields are kept so updates lose nothing. */
export const ServiceSchema = z
  .object({
    uuid: z.string(),
    name: z.string(),
    group: z.string().optional(),
    version: z.string().optional(),
    description: z.string().optional(),
    provider: OrganizationalEntitySchema.optional(),
    endpoints: z.array(z.string()).optional(),
    authenticated: z.boolean().optional(),
    crossesTrustBoundary: z.boolean().optional(),
    data: z
      .array(z.object({ name: z.string().optional(), direction: z.string().optional() }).loose())
      .optional(),
    externalReferences: z
      .array(
        z
          .object({
            url: z.string().optional(),
            type: z.string().optional(),
            comment: z.string().optional(),
          })
          .loose(),
      )
      .optional(),
    lastInheritedRiskScore: z.number().optional(),
    project: z
      .object({ uuid: z.string(), name: z.string(), version: z.string().optional() })
      .loose()
      .optional(),
    children: z
      .array(
        z.object({ uuid: z.string(), name: z.string(), version: z.string().optional() }).loose(),
      )
      .optional(),
  })
  .loose()
export type Service = z.infer<typeof ServiceSchema>

export interface ServiceListOptions {
  searchText?: string
  pageNumber: number
  pageSize: number
  sortName?: string
  sortOrder?: 'asc' | 'desc'
}

/** One page of a project's services, as the 4.13 Services tab asks for it, with the total count. */
export async function listProjectServices(
  api: ApiClient,
  projectUuid: string,
  options: ServiceListOptions,
) {
  const response = await api.send(`/v1/service/project/${encodeURIComponent(projectUuid)}`, {
    query: {
      searchText: options.searchText,
      pageNumber: options.pageNumber,
      pageSize: options.pageSize,
      sortName: options.sortName,
      sortOrder: options.sortName ? options.sortOrder : undefined,
    },
  })
  const services = z.array(ServiceSchema).parse(await response.json())
  const total = Number(response.headers.get('X-Total-Count') ?? services.length)
  return { services, total: Number.isFinite(total) ? total : services.length }
}

export function getService(api: ApiClient, uuid: string) {
  return api.json(ServiceSchema, `/v1/service/${encodeURIComponent(uuid)}`)
}

/** POST /service replaces every writable field, so the whole object goes back, as 4.13 does. */
export function updateService(api: ApiClient, service: Service) {
  return api.json(ServiceSchema, '/v1/service', { method: 'POST', json: service })
}

export async function deleteService(api: ApiClient, uuid: string) {
  await api.send(`/v1/service/${encodeURIComponent(uuid)}`, { method: 'DELETE' })
}
