import { z } from 'zod'
import { POLICY_OPERATORS, POLICY_VIOLATION_STATES } from '../../../common/dt-vocabulary.ts'
import type { BatchProblem, ProjectChoice } from '~/api/policies.server.ts'

/** What a press of one of the bulk form's buttons asks for. */
export const BULK_INTENTS = ['apply', 'delete', 'confirmDelete', 'findProjects'] as const
export type BulkIntent = (typeof BULK_INTENTS)[number]

/** POST /policy/batch takes at most 100 policies, projects or tags per list. */
export const BULK_LIMIT = 100

/** The form's fields as posted: repeated checkboxes are lists, "no change" is the empty string. */
export interface BulkDraft {
  policies: string[]
  violationState: string
  operator: string
  includeChildren: string
  onlyLatestProjectVersion: string
  addProjects: string[]
  removeProjects: string[]
  addTag: string
  removeTags: string[]
  projectSearch: string
}
export type BulkField = keyof BulkDraft

/** The id of a bulk field's input, which the list of problems links to. */
export const bulkFieldId = (field: string) => `bulk-${field}`
export const BULK_PROBLEMS_ID = 'bulk-problems'

/** Shared by the bulk form's parts: what was posted and which fields were wrong. */
export interface BulkFieldsProps {
  draft: BulkDraft
  invalid: ReadonlySet<BulkField | 'intent'>
}

export const EMPTY_DRAFT: BulkDraft = {
  policies: [],
  violationState: '',
  operator: '',
  includeChildren: '',
  onlyLatestProjectVersion: '',
  addProjects: [],
  removeProjects: [],
  addTag: '',
  removeTags: [],
  projectSearch: '',
}

const problem = (key: string) => `policies.bulk.problems.${key}`

/** A select whose first option, the empty value, leaves the policies as they are. */
function keepOr<const Values extends readonly [string, ...string[]]>(values: Values) {
  return z.enum(['', ...values], { error: problem('invalidChoice') })
}
const switchChange = z.enum(['', 'on', 'off'], { error: problem('invalidChoice') })
const uuids = (tooMany: string) =>
  z
    .array(z.uuid({ error: problem('invalidReference') }))
    .max(BULK_LIMIT, problem(tooMany))
    .transform((values) => [...new Set(values)])

/**
 * The bulk form of the Policies tab, validated on the server: the same rules with and without
 * JavaScript. Applying needs a selection and at least one change; a project or tag may not be
 * added and removed in the same submit.
 */
export const PolicyBulkFormSchema = z
  .object({
    intent: z.enum(BULK_INTENTS, { error: problem('invalidChoice') }),
    policies: uuids('tooMany'),
    violationState: keepOr(POLICY_VIOLATION_STATES),
    operator: keepOr(POLICY_OPERATORS),
    includeChildren: switchChange,
    onlyLatestProjectVersion: switchChange,
    addProjects: uuids('tooManyProjects'),
    removeProjects: uuids('tooManyProjects'),
    addTag: z.string().trim().toLowerCase().max(255, problem('tagTooLong')),
    removeTags: z
      .array(z.string().min(1).max(255))
      .max(BULK_LIMIT, problem('tooManyTags'))
      .transform((values) => [...new Set(values)]),
    projectSearch: z.string().trim().max(255),
  })
  .superRefine((value, ctx) => {
    if (value.intent === 'findProjects') return
    if (value.policies.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['policies'], message: problem('noSelection') })
    }
    if (value.intent !== 'apply') return
    if (Object.keys(batchChanges(value)).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['violationState'], message: problem('noChange') })
    }
    if (value.addProjects.some((uuid) => value.removeProjects.includes(uuid))) {
      ctx.addIssue({ code: 'custom', path: ['removeProjects'], message: problem('sameProject') })
    }
    if (value.addTag && value.removeTags.includes(value.addTag)) {
      ctx.addIssue({ code: 'custom', path: ['addTag'], message: problem('sameTag') })
    }
  })
export type PolicyBulkForm = z.infer<typeof PolicyBulkFormSchema>

const text = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value : ''
}
const list = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is string => typeof value === 'string')

/** The posted form as a draft (shown again as it was) and its validation. */
export function readBulkForm(form: FormData) {
  const draft: BulkDraft = {
    policies: list(form, 'policy'),
    violationState: text(form, 'violationState'),
    operator: text(form, 'operator'),
    includeChildren: text(form, 'includeChildren'),
    onlyLatestProjectVersion: text(form, 'onlyLatestProjectVersion'),
    addProjects: list(form, 'addProject'),
    removeProjects: list(form, 'removeProject'),
    addTag: text(form, 'addTag'),
    removeTags: list(form, 'removeTag'),
    projectSearch: text(form, 'projectSearch'),
  }
  const result = PolicyBulkFormSchema.safeParse({ ...draft, intent: form.get('intent') })
  return { draft, result }
}

export interface BulkProblem {
  /** The draft field the problem is about, so the page can point at its input. */
  field: BulkField | 'intent'
  /** A translation key. */
  message: string
}

/** Validation issues as the page lists them: once each, in the order of the form. */
export function bulkProblems(error: z.ZodError): BulkProblem[] {
  const seen = new Set<string>()
  const problems: BulkProblem[] = []
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'intent') as BulkProblem['field']
    const message = issue.message.startsWith('policies.') ? issue.message : problem('invalidChoice')
    if (seen.has(`${field} ${message}`)) continue
    seen.add(`${field} ${message}`)
    problems.push({ field, message })
  }
  return problems
}

const switchValue = (value: '' | 'on' | 'off') => (value === '' ? undefined : value === 'on')

/** The changes POST /policy/batch is asked for: only what the form changes. */
export function batchChanges(value: Omit<PolicyBulkForm, 'intent' | 'policies' | 'projectSearch'>) {
  const changes = {
    violationState: value.violationState || undefined,
    operator: value.operator || undefined,
    includeChildren: switchValue(value.includeChildren),
    onlyLatestProjectVersion: switchValue(value.onlyLatestProjectVersion),
    addProjects: value.addProjects.length > 0 ? value.addProjects : undefined,
    removeProjects: value.removeProjects.length > 0 ? value.removeProjects : undefined,
    addTags: value.addTag ? [value.addTag] : undefined,
    removeTags: value.removeTags.length > 0 ? value.removeTags : undefined,
  }
  return Object.fromEntries(
    Object.entries(changes).filter(([, change]) => change !== undefined),
  ) as Partial<{ [Key in keyof typeof changes]: NonNullable<(typeof changes)[Key]> }>
}

/** What the bulk form shows after a post that did not end in a redirect. */
export interface BulkState {
  draft: BulkDraft
  problems: BulkProblem[]
  refusals: BatchProblem[]
  /** Projects found by the search (when one ran). */
  found?: { projects: ProjectChoice[]; total: number }
  /** Projects ticked to be added that the search does not show (any more). */
  chosen: ProjectChoice[]
  confirmDelete: boolean
}
