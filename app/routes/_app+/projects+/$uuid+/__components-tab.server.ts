import { z } from 'zod'
import { PAGE_SIZES } from '~/utils/portfolio.ts'

export const ComponentListParamsSchema = z.object({
  searchText: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  onlyDirect: z
    .string()
    .optional()
    .transform((value) => value === '1'),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce
    .number()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value))
    .catch(10)
    .default(10),
  token: z.uuid().optional().catch(undefined),
})

/** Where a mutation on the tab returns: the same list view, without the dialog or upload token. */
export function tabUrl(projectUuid: string, current: URLSearchParams) {
  const next = new URLSearchParams(current)
  for (const key of ['add', 'token', 'index', '_data']) next.delete(key)
  const query = next.toString()
  return `/projects/${encodeURIComponent(projectUuid)}/components${query ? `?${query}` : ''}`
}
