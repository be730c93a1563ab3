import { createHash, randomUUID } from 'node:crypto'
import { parseWithZod } from '@conform-to/zod/v4'
import { z } from 'zod'
import {
  CONDITION_OPERATORS,
  CONDITION_SUBJECTS,
  type ConditionSubject,
} from '../../../../common/dt-vocabulary.ts'
import { conditionValueProblem } from '../../../../common/policy-conditions.ts'
import type { ConditionInput, Policy } from '~/api/policy-editor.server.ts'
import {
  blankRow,
  encodeRowValue,
  isBlankRow,
  isEmptyValue,
  operatorFor,
  rowFromCondition,
  sharesTypedValue,
  type ConditionRow,
} from '~/components/policies/condition-draft.ts'

/** The API takes at most 100 conditions per policy. */
export const MAX_CONDITIONS = 100
/** Blank rows offered below the conditions, and added by "More rows". */
export const BLANK_ROWS = 3
const MAX_FORM_ROWS = MAX_CONDITIONS + 3 * BLANK_ROWS

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const text = z.string().optional().default('')

const RowSchema = z
  .object({
    uuid: z.string().regex(UUID, 'policyCondition.rowProblems.tampered').optional(),
    /** The subject the row's inputs were drawn for (a subject changed without JavaScript). */
    drawnFor: z.enum(CONDITION_SUBJECTS).optional().catch(undefined),
    subject: z
      .enum(CONDITION_SUBJECTS, { error: 'policyCondition.rowProblems.subject' })
      .optional(),
    operator: z
      .enum(CONDITION_OPERATORS, { error: 'policyCondition.problems.operator' })
      .optional(),
    value: text,
    group: text,
    name: text,
    version: text,
    algorithm: text,
    hash: text,
    epoch: text,
    major: text,
    minor: text,
    patch: text,
    unreadable: z.string().optional(),
    remove: z
      .string()
      .optional()
      .transform((value) => value === 'on'),
  })
  .transform(({ drawnFor, ...row }): ConditionRow & { drawnFor?: ConditionSubject } => ({
    ...blankRow(),
    ...row,
    drawnFor,
  }))

/** The rows as posted: the draft the editor shows again, whatever the outcome. */
export const ConditionRowsSchema = z.object({
  conditions: z
    .array(RowSchema)
    .max(MAX_FORM_ROWS, 'policyCondition.rowProblems.tooMany')
    .optional()
    .default([]),
})

type PostedRow = z.infer<typeof RowSchema>

/** A row whose subject was changed where no script could swap its inputs. */
const redrawNeeded = (row: PostedRow) =>
  row.subject !== undefined && row.drawnFor !== row.subject && !row.remove

export interface ConditionCatalog {
  /** The uuid of the license with this id, name or uuid (`unresolved` stays). */
  resolveLicense: (text: string) => string | undefined
}

/**
 * The conditions form: every row kept is checked (subject, operator, value for its subject),
 * and either all become the policy's conditions or none, with every problem named by row.
 */
export function conditionsFormSchema({ resolveLicense }: ConditionCatalog) {
  return ConditionRowsSchema.superRefine(({ conditions }, context) => {
    const kept = conditions.filter((row) => !row.remove && !isBlankRow(row))
    if (kept.length > MAX_CONDITIONS) {
      context.addIssue({
        code: 'custom',
        path: ['conditions'],
        message: 'policyCondition.rowProblems.tooMany',
      })
    }
    conditions.forEach((row, index) => {
      if (row.remove || isBlankRow(row)) return
      const problem = (field: string, message: string) =>
        context.addIssue({ code: 'custom', path: ['conditions', index, field], message })
      if (!row.subject) return problem('subject', 'policyCondition.rowProblems.subject')
      if (redrawNeeded(row)) return problem('subject', 'policyCondition.rowProblems.redrawn')
      if (!row.operator) return problem('operator', 'policyCondition.problems.operator')
      if (isEmptyValue(row)) {
        const key = row.unreadable ? 'rowProblems.unreadable' : 'problems.blank'
        return problem('value', `policyCondition.${key}`)
      }
      const value = encodeRowValue(row, resolveLicense)
      if (value === undefined) return problem('value', 'policyCondition.problems.license')
      const found = conditionValueProblem(row.subject, row.operator, value)
      if (found)
        problem(found === 'operator' ? 'operator' : 'value', `policyCondition.problems.${found}`)
    })
  }).transform(({ conditions }) => {
    const inputs: ConditionInput[] = []
    /** The form row of each submitted condition, to place the API's answers. */
    const rowOf: number[] = []
    conditions.forEach((row, index) => {
      if (row.remove || isBlankRow(row) || !row.subject || !row.operator) return
      inputs.push({
        ...(row.uuid ? { uuid: row.uuid } : {}),
        subject: row.subject,
        operator: row.operator,
        value: encodeRowValue(row, resolveLicense) ?? '',
      })
      rowOf.push(index)
    })
    return { inputs, rowOf }
  })
}

/** Everything the conditions editor shows after a round trip. */
export interface ConditionsEditor {
  /** Changes on every answer, so the form takes the new values. */
  revision: string
  rows: ConditionRow[]
  /** Translation keys by field name (`conditions[2].value`); `''` about the whole form. */
  errors: Record<string, string[]>
}

export function conditionsEditor(
  rows: ConditionRow[],
  errors: Record<string, string[]> = {},
  revision: string = randomUUID(),
): ConditionsEditor {
  return { revision, rows, errors }
}

/** The stored conditions, then blank rows to add new ones. */
export function storedConditionsEditor(
  policy: Policy,
  licenseIdOf: (uuid: string) => string | undefined,
) {
  const rows = policy.policyConditions.map((condition) => rowFromCondition(condition, licenseIdOf))
  // Named after what is stored: saving another part of the page keeps a draft in progress.
  const stored = createHash('sha256').update(JSON.stringify(rows)).digest('hex').slice(0, 16)
  return conditionsEditor([...rows, ...blankRows(BLANK_ROWS)], {}, `stored-${stored}`)
}

const blankRows = (count: number) => Array.from({ length: count }, blankRow)

/** A row with the inputs of its (changed) subject; typed text carries over between text inputs. */
function redrawn(row: PostedRow): ConditionRow {
  const { drawnFor, ...rest } = row
  if (!redrawNeeded(row) || !row.subject) return rest
  return {
    ...blankRow(),
    uuid: row.uuid,
    subject: row.subject,
    operator: operatorFor(row.subject, row.operator),
    value: sharesTypedValue(drawnFor, row.subject) ? row.value : '',
    remove: row.remove,
  }
}

/** The posted rows, or null when the form was not the editor's. */
export function postedRows(formData: FormData) {
  const submission = parseWithZod(formData, { schema: ConditionRowsSchema })
  return submission.status === 'success' ? submission.value.conditions : null
}

/** "Update inputs" and "More rows": the draft again, changed, nothing saved. */
export function draftEditor(rows: PostedRow[], intent: 'redraw' | 'addRows') {
  const drawn = rows.map(redrawn)
  if (intent === 'redraw') return conditionsEditor(drawn)
  const room = MAX_FORM_ROWS - drawn.length
  return conditionsEditor([...drawn, ...blankRows(Math.max(0, Math.min(BLANK_ROWS, room)))])
}

/** The draft with the refusal's problems; rows whose subject changed get their new inputs. */
export function refusedEditor(rows: PostedRow[], errors: Record<string, string[]>) {
  return conditionsEditor(rows.map(redrawn), errors)
}

/** Zod's answer as translation keys by field; conform's error record holds nulls for valid ones. */
export function errorsByField(error: Record<string, string[] | null> | null | undefined) {
  return Object.fromEntries(
    Object.entries(error ?? {}).filter((entry): entry is [string, string[]] =>
      Array.isArray(entry[1]),
    ),
  )
}

/** The API's row problems (by index of the submitted list) as the form's field errors. */
export function apiRowErrors(problems: Map<number, string>, rowOf: number[]) {
  const errors: Record<string, string[]> = {}
  for (const [index, key] of problems) {
    const row = rowOf[index]
    if (row === undefined) continue
    const field = key === 'operator' ? 'operator' : 'value'
    errors[`conditions[${row}].${field}`] = [`policyCondition.problems.${key}`]
  }
  return errors
}

/** Whether saving would store exactly what is stored (nothing to send). */
export function unchanged(policy: Policy, inputs: ConditionInput[]) {
  const stored = policy.policyConditions
  return (
    stored.length === inputs.length &&
    stored.every((condition, index) => {
      const input = inputs[index]!
      return (
        input.uuid === condition.uuid &&
        input.subject === condition.subject &&
        input.operator === condition.operator &&
        input.value === condition.value
      )
    })
  )
}

/** License lookups for the LICENSE subject: shown as its SPDX id, stored as its uuid. */
export function licenseCatalog(licenses: Array<{ uuid: string; licenseId: string; name: string }>) {
  const byUuid = new Map(licenses.map((license) => [license.uuid.toLowerCase(), license]))
  const byText = new Map<string, string>()
  for (const license of licenses) byText.set(license.name.toLowerCase(), license.uuid)
  // An id wins over a name that happens to read the same.
  for (const license of licenses) byText.set(license.licenseId.toLowerCase(), license.uuid)
  return {
    licenseIdOf: (uuid: string) => byUuid.get(uuid.toLowerCase())?.licenseId,
    resolveLicense: (text: string) => {
      if (text === 'unresolved') return text
      const lower = text.toLowerCase()
      return byUuid.get(lower)?.uuid ?? byText.get(lower)
    },
  }
}
