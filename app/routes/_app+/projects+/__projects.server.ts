import { z } from 'zod'
import { flagParam, listParamsSchema } from '~/components/list-kit/url-state.ts'
import { CLASSIFIERS, COLLECTION_LOGICS } from '~/utils/portfolio.ts'

/** The project list's state lives in the URL, so every view can be bookmarked and works without JavaScript. */
export const ProjectListParamsSchema = listParamsSchema(
  [
    'name',
    'version',
    'isLatest',
    'classifier',
    'lastBomImport',
    'lastBomImportFormat',
    'lastInheritedRiskScore',
    'active',
  ],
  {
    showInactive: flagParam,
    flat: flagParam,
    tag: z
      .string()
      .optional()
      .transform((value) => value?.trim().toLowerCase() || undefined),
    classifier: z.enum(CLASSIFIERS).optional().catch(undefined),
    expand: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? '')
          .split(',')
          .filter((uuid) => /^[0-9a-f-]{36}$/.test(uuid))
          .slice(0, 50),
      ),
  },
)

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
