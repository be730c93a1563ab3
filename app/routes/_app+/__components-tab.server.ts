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
