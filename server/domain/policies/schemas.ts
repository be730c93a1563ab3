import { z } from 'zod'
import {
  CONDITION_OPERATORS,
  CONDITION_SUBJECTS,
  POLICY_OPERATORS,
  POLICY_VIOLATION_STATES,
} from '../../../common/dt-vocabulary.ts'
import { NAME_MAX, sizeMessage } from '../column-sizes.ts'
import { trimToNull } from '../components/schemas.ts'

/**
 * Request bodies of the policy API (dt-api-portfolio §3.12, §3.13) and of Lookout's additive
 * bulk operations. Unknown properties are ignored, as 4.13's Policy and PolicyCondition do.
 */

const PRINTABLE = /^(?:[^\p{Cc}]|[\t\r\n])*$/u

/** @NotBlank @Size(1, 255) printable, then trimmed (StringUtils.trimToNull). */
const requiredText = (label: string) =>
  z.preprocess(
    trimToNull,
    z
      .string({ error: 'must not be blank' })
      .max(NAME_MAX, sizeMessage(1, NAME_MAX))
      .regex(PRINTABLE, `The ${label} may only contain printable characters`),
  )

export const PolicyName = requiredText('name')
export const ConditionValue = requiredText('value')

const PolicyOperator = z.enum(POLICY_OPERATORS)
const ViolationState = z.enum(POLICY_VIOLATION_STATES)
export const ConditionSubject = z.enum(CONDITION_SUBJECTS)
export const ConditionOperator = z.enum(CONDITION_OPERATORS)
const BodyUuid = z.uuid({ message: 'must be a valid UUID' })

/** PUT /policy: absent operator and state take their defaults (ANY, INFO). */
export const PolicyCreateBody = z.object({
  name: PolicyName,
  operator: PolicyOperator.nullish(),
  violationState: ViolationState.nullish(),
  includeChildren: z.boolean().nullish(),
  onlyLatestProjectVersion: z.boolean().nullish(),
})
export type PolicyCreateBody = z.infer<typeof PolicyCreateBody>

/** POST /policy: every field replaced; an absent operator or state keeps the stored one. */
export const PolicyUpdateBody = PolicyCreateBody.extend({ uuid: z.string().nullish() })
export type PolicyUpdateBody = z.infer<typeof PolicyUpdateBody>

export const ConditionBody = z.object({
  subject: ConditionSubject,
  operator: ConditionOperator,
  value: ConditionValue,
})
export type ConditionBody = z.infer<typeof ConditionBody>

export const ConditionUpdateBody = ConditionBody.extend({ uuid: z.string().nullish() })
export type ConditionUpdateBody = z.infer<typeof ConditionUpdateBody>

const MAX_ITEMS = 100
const itemsMessage = (min: number) => sizeMessage(min, MAX_ITEMS)

/** PUT /policy/{uuid}/conditions: the policy's whole condition list; values checked per row. */
export const ConditionListBody = z
  .array(
    z.object({
      // A form's blank row sends an empty uuid: it is a new condition.
      uuid: z.preprocess((value) => (value === '' ? null : value), BodyUuid.nullish()),
      subject: ConditionSubject,
      operator: ConditionOperator,
      value: z.string(),
    }),
  )
  .max(MAX_ITEMS, itemsMessage(0))
  .refine((rows) => {
    const uuids = rows.flatMap((row) => (row.uuid ? [row.uuid.toLowerCase()] : []))
    return new Set(uuids).size === uuids.length
  }, 'a condition may be listed only once')
export type ConditionListBody = z.infer<typeof ConditionListBody>

const list = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, itemsMessage(1)).max(MAX_ITEMS, itemsMessage(1)).optional()
const TagName = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(NAME_MAX, sizeMessage(1, NAME_MAX))

/** POST /policy/batch: the same changes to up to 100 policies, all or nothing. */
export const BatchBody = z.object({
  policies: z.array(BodyUuid).min(1, itemsMessage(1)).max(MAX_ITEMS, itemsMessage(1)),
  changes: z
    .object({
      violationState: ViolationState.optional(),
      operator: PolicyOperator.optional(),
      includeChildren: z.boolean().optional(),
      onlyLatestProjectVersion: z.boolean().optional(),
      addProjects: list(BodyUuid),
      removeProjects: list(BodyUuid),
      addTags: list(TagName),
      removeTags: list(TagName),
      delete: z.literal(true).optional(),
    })
    .refine(
      (changes) => Object.values(changes).some((value) => value !== undefined),
      'must name at least one change',
    ),
})
export type BatchBody = z.infer<typeof BatchBody>
