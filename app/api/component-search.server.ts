import { z } from 'zod'
import type { ApiClient } from './client.server.ts'

export const FoundComponentSchema = z
  .object({
    uuid: z.string(),
    name: z.string(),
    version: z.string().optional(),
    group: z.string().optional(),
    purl: z.string().optional(),
    cpe: z.string().optional(),
    swidTagId: z.string().optional(),
    isInternal: z.boolean().optional(),
    license: z.string().optional(),
    licenseExpression: z.string().optional(),
    resolvedLicense: z
      .object({ licenseId: z.string().optional(), name: z.string().optional() })
      .loose()
      .optional(),
    lastInheritedRiskScore: z.number().optional(),
    project: z
      .object({ uuid: z.string(), name: z.string(), version: z.string().optional() })
      .loose()
      .optional(),
  })
  .loose()
export type FoundComponent = z.infer<typeof FoundComponentSchema>

export type ComponentCriteria =
  | { hash: string }
  | { group?: string; name?: string; version?: string }
  | { purl: string }
  | { cpe: string }
  | { swidTagId: string }

export interface ComponentSearchPage {
  pageNumber: number
  pageSize: number
  sortName?: string
  sortOrder?: 'asc' | 'desc'
}

/**
 * GET /v1/component/hash/{hash} or /v1/component/identity. The identity search answers an
 * empty body when it found no usable criterion (e.g. an unparsable package URL): `usable` is
 * false then.
 */
export async function searchComponents(
  api: ApiClient,
  criteria: ComponentCriteria,
  options: ComponentSearchPage,
) {
  const paging = {
    pageNumber: options.pageNumber,
    pageSize: options.pageSize,
    sortName: options.sortName,
    sortOrder: options.sortName ? options.sortOrder : undefined,
  }
  const response =
    'hash' in criteria
      ? await api.send(`/v1/component/hash/${encodeURIComponent(criteria.hash)}`, {
          query: paging,
        })
      : await api.send('/v1/component/identity', { query: { ...criteria, ...paging } })
  const body = await response.text()
  if (body.trim() === '') return { components: [], total: 0, usable: false }
  const components = z.array(FoundComponentSchema).parse(JSON.parse(body))
  const total = Number(response.headers.get('X-Total-Count') ?? components.length)
  return {
    components,
    total: Number.isFinite(total) ? total : components.length,
    usable: true,
  }
}
