import { parseWithZod } from '@conform-to/zod/v4'
import { json, type AppLoadContext } from '@remix-run/node'
import { z } from 'zod'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import { batchPolicies, batchProblems, createPolicy, findProjects } from '~/api/policies.server.ts'
import { getProject } from '~/api/projects.server.ts'
import {
  batchChanges,
  bulkProblems,
  readBulkForm,
  type BulkDraft,
  type BulkState,
} from '~/components/policies/bulk-schema.ts'
import { listParamsSchema } from '~/components/list-kit/url-state.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { failedSubmission } from '~/utils/form-refusal.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'

/** The policy list's state lives in the URL; it sorts by the columns the API can order by. */
export const PolicyListParamsSchema = listParamsSchema(['name', 'violationState', 'operator'])

export const CreatePolicyFormSchema = z.object({
  name: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, 'validation.required')
    .max(255, 'policies.create.tooLong'),
})

type Translate = (key: string, options?: Record<string, unknown>) => string

interface ActionArgs {
  api: ApiClient
  context: AppLoadContext
  t: Translate
  form: FormData
  /** The list to go back to: the same search, sort and page. */
  back: string
}

/** The same /policy view after a post, never anywhere else. */
export function backToPolicies(requestUrl: string) {
  const url = new URL(requestUrl)
  for (const key of ['index', '_data', 'create']) url.searchParams.delete(key)
  const query = url.searchParams.toString()
  return `/policy${query ? `?${query}` : ''}`
}

/** Create Policy: PUT /policy with the name, then on to the new policy's editor. */
export async function createPolicyAction({ api, context, t, form }: ActionArgs) {
  const submission = parseWithZod(form, { schema: CreatePolicyFormSchema })
  if (submission.status !== 'success') {
    return json({ result: submission.reply() }, { status: 400 })
  }
  try {
    const policy = await createPolicy(api, submission.value.name)
    return redirectWithToast(context, `/policy/${policy.uuid}`, {
      type: 'success',
      title: t('policies.create.created'),
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 409) {
      const reply = submission.reply({ fieldErrors: { name: ['policies.create.duplicate'] } })
      return json({ result: reply }, { status: 409 })
    }
    return failedSubmission(context, t, submission, error, ['name'])
  }
}

async function bulkState(
  api: ApiClient,
  draft: BulkDraft,
  canSearch: boolean,
  extra: Partial<Pick<BulkState, 'problems' | 'refusals' | 'confirmDelete'>> & {
    search?: boolean
  } = {},
): Promise<BulkState> {
  const search = draft.projectSearch.trim()
  const searching = canSearch && (extra.search || search !== '')
  const found = searching ? await findProjects(api, search || undefined) : undefined
  const shown = new Set(found?.projects.map((project) => project.uuid))
  const missing = draft.addProjects.filter((uuid) => !shown.has(uuid)).slice(0, 100)
  const chosen = await Promise.all(
    missing.map((uuid) =>
      getProject(api, uuid).then(
        ({ name, version }) => ({ uuid, name, version }),
        () => ({ uuid, name: uuid }),
      ),
    ),
  )
  return {
    draft,
    problems: extra.problems ?? [],
    refusals: extra.refusals ?? [],
    found,
    chosen,
    confirmDelete: extra.confirmDelete ?? false,
  }
}

/**
 * The bulk form: find projects to add, ask before deleting, or send every change to
 * POST /policy/batch at once. Anything refused comes back with the draft as it was posted and
 * the list of what was wrong; success goes back to the list with a toast.
 */
export async function bulkAction(args: ActionArgs & { canSearch: boolean }) {
  const { api, context, t, back, canSearch } = args
  const { draft, result } = readBulkForm(args.form)
  if (!result.success) {
    const state = await bulkState(api, draft, canSearch, { problems: bulkProblems(result.error) })
    return json({ bulk: state }, { status: 400 })
  }
  const value = result.data
  if (value.intent === 'findProjects') {
    return json({ bulk: await bulkState(api, draft, canSearch, { search: true }) })
  }
  if (value.intent === 'delete') {
    return json({ bulk: await bulkState(api, draft, canSearch, { confirmDelete: true }) })
  }
  const deleting = value.intent === 'confirmDelete'
  try {
    const { updated } = await batchPolicies(
      api,
      value.policies,
      deleting ? { delete: true } : batchChanges(value),
    )
    return redirectWithToast(context, back, {
      type: 'success',
      title: t(deleting ? 'policies.bulk.deleted' : 'policies.bulk.updated', { number: updated }),
    })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    let refusals = batchProblems(error.response)
    if (refusals.length === 0) {
      const { title, description } = toastForFailedResponse(error.response, t)
      refusals = [{ key: '', message: [title, description].filter(Boolean).join(': ') }]
    }
    const state = await bulkState(api, draft, canSearch, { refusals })
    return json({ bulk: state }, { status: error.status })
  }
}
