import { z } from 'zod'
import { CLASSIFIERS, COLLECTION_LOGICS, PAGE_SIZES } from '~/utils/portfolio.ts'

const flag = z
  .string()
  .optional()
  .transform((value) => value === '1' || value === 'true' || value === 'on')

/** The project list's state lives in the URL, so every view can be bookmarked and works without JavaScript. */
export const ProjectListParamsSchema = z.object({
  searchText: z
    .string()
    .optional()
    .transform((value) => value?.trim() || undefined),
  showInactive: flag,
  flat: flag,
  tag: z
    .string()
    .optional()
    .transform((value) => value?.trim().toLowerCase() || undefined),
  classifier: z.enum(CLASSIFIERS).optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1).default(1),
  pageSize: z.coerce
    .number()
    .refine((value) => (PAGE_SIZES as readonly number[]).includes(value))
    .catch(10)
    .default(10),
  sortName: z
    .enum([
      'name',
      'version',
      'isLatest',
      'classifier',
      'lastBomImport',
      'lastBomImportFormat',
      'lastInheritedRiskScore',
      'active',
    ])
    .optional()
    .catch(undefined),
  sortOrder: z.enum(['asc', 'desc']).optional().catch(undefined),
  expand: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? '')
        .split(',')
        .filter((uuid) => /^[0-9a-f-]{36}$/.test(uuid))
        .slice(0, 50),
    ),
})

const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)

export const CreateProjectFormSchema = z.object({
  name: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(255),
  version: optionalText,
  isLatest: z
    .string()
    .optional()
    .transform((value) => value === 'on'),
  classifier: z.enum(CLASSIFIERS).default('APPLICATION'),
  teamUuid: optionalText,
  collectionLogic: z.enum(COLLECTION_LOGICS).default('NONE'),
  collectionTag: optionalText,
  parentUuid: optionalText,
  description: optionalText,
  tags: optionalText,
  group: optionalText,
  purl: optionalText,
  cpe: optionalText,
  swidTagId: optionalText,
})
