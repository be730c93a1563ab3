import { parseWithZod } from '@conform-to/zod/v4'
import { json, type AppLoadContext } from '@remix-run/node'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import { listConciseLicenses } from '~/api/licenses.server.ts'
import {
  conditionRowErrors,
  deletePolicy,
  getPolicy,
  limitToProject,
  limitToTag,
  replaceConditions,
  unlimitProject,
  unlimitTag,
  updatePolicy,
  type Policy,
} from '~/api/policy-editor.server.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server.ts'
import {
  apiRowErrors,
  conditionsFormSchema,
  draftEditor,
  errorsByField,
  licenseCatalog,
  postedRows,
  refusedEditor,
  unchanged,
} from './__policy-conditions.server.ts'
import {
  LimitFormSchema,
  PolicyFormSchema,
  ScopeFormSchema,
  backTo,
} from './__policy-editor.server.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

export interface ActionScope {
  api: ApiClient
  context: AppLoadContext
  request: Request
  t: Translate
  uuid: string
}

/** The policy being edited; a policy that no longer exists (or never did) is a 404. */
export async function loadPolicy(api: ApiClient, uuid: string): Promise<Policy> {
  try {
    return await getPolicy(api, uuid)
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw new Response('Not Found', { status: 404 })
    }
    throw error
  }
}

/** Gone while being edited: back to the list, saying so. */
function gone({ context, t }: ActionScope) {
  return redirectWithToast(context, '/policy', {
    type: 'warning',
    title: t('apiMessages.policyNotFound'),
  })
}

async function refusedToast(scope: ActionScope, error: unknown) {
  if (!(error instanceof ApiError)) throw error
  if (error.status === 404) return gone(scope)
  return redirectWithToast(
    scope.context,
    backTo(scope.request),
    toastForFailedResponse(error.response, scope.t),
  )
}

export async function saveGeneral(scope: ActionScope, formData: FormData) {
  const submission = parseWithZod(formData, { schema: PolicyFormSchema })
  if (submission.status !== 'success') {
    return json({ intent: 'general' as const, result: submission.reply() }, { status: 400 })
  }
  const policy = await loadPolicy(scope.api, scope.uuid)
  try {
    await updatePolicy(scope.api, policy, submission.value)
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const result = submission.reply({ fieldErrors: { name: ['policies.create.duplicate'] } })
      return json({ intent: 'general' as const, result }, { status: 409 })
    }
    return refusedToast(scope, error)
  }
  return redirectWithToast(scope.context, backTo(scope.request), {
    type: 'success',
    title: scope.t('policyEditor.general.saved'),
  })
}

export async function saveScope(scope: ActionScope, formData: FormData) {
  const values = ScopeFormSchema.parse(Object.fromEntries(formData))
  try {
    await updatePolicy(scope.api, await loadPolicy(scope.api, scope.uuid), values)
  } catch (error) {
    return refusedToast(scope, error)
  }
  return redirectWithToast(scope.context, backTo(scope.request), {
    type: 'success',
    title: scope.t('policyEditor.limits.scopeSaved'),
  })
}

const LIMIT_CHANGES = {
  limitProject: (api: ApiClient, policy: string, value: string) =>
    limitToProject(api, policy, value),
  unlimitProject: (api: ApiClient, policy: string, value: string) =>
    unlimitProject(api, policy, value),
  limitTag: (api: ApiClient, policy: string, value: string) => limitToTag(api, policy, value),
  unlimitTag: (api: ApiClient, policy: string, value: string) => unlimitTag(api, policy, value),
}

export async function changeLimit(scope: ActionScope, formData: FormData) {
  const parsed = LimitFormSchema.safeParse(Object.fromEntries(formData))
  if (!parsed.success) throw new Response('Invalid form', { status: 400 })
  const limit = parsed.data
  const value = 'project' in limit ? limit.project : limit.tag
  try {
    await LIMIT_CHANGES[limit.intent](scope.api, scope.uuid, value)
  } catch (error) {
    return refusedToast(scope, error)
  }
  return redirectWithToast(scope.context, backTo(scope.request), {
    type: 'success',
    title: scope.t(`policyEditor.limits.done.${limit.intent}`),
  })
}

export async function removePolicy(scope: ActionScope, name: string) {
  try {
    await deletePolicy(scope.api, scope.uuid)
  } catch (error) {
    return refusedToast(scope, error)
  }
  return redirectWithToast(scope.context, '/policy', {
    type: 'success',
    title: scope.t('policyEditor.delete.done', { name }),
  })
}

/**
 * The conditions form: "Update inputs" and "More rows" answer the draft again; Save checks every
 * row, then replaces the policy's conditions with PUT /policy/{uuid}/conditions, all or nothing.
 */
export async function saveConditions(scope: ActionScope, formData: FormData, intent: string) {
  const rows = postedRows(formData)
  if (!rows) throw new Response('Invalid form', { status: 400 })
  if (intent === 'redraw' || intent === 'addRows') {
    return json({ intent: 'conditions' as const, editor: draftEditor(rows, intent) })
  }
  const [policy, licenses] = await Promise.all([
    loadPolicy(scope.api, scope.uuid),
    listConciseLicenses(scope.api),
  ])
  const schema = conditionsFormSchema(licenseCatalog(licenses))
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') {
    const editor = refusedEditor(rows, errorsByField(submission.error))
    return json({ intent: 'conditions' as const, editor }, { status: 400 })
  }
  const { inputs, rowOf } = submission.value
  const done = (title: string) =>
    redirectWithToast(scope.context, backTo(scope.request), { type: 'success', title })
  if (unchanged(policy, inputs)) return done(scope.t('policyCondition.unchanged'))
  try {
    await replaceConditions(scope.api, scope.uuid, inputs)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    // Another hand deleted one of these conditions meanwhile: say so, keep the draft.
    if (error.status === 404 && error.response.body.includes('policy condition')) {
      const editor = refusedEditor(rows, { '': ['policyCondition.rowProblems.conditionGone'] })
      return json({ intent: 'conditions' as const, editor }, { status: 409 })
    }
    if (error.status === 404) return gone(scope)
    const problems = conditionRowErrors(error.response)
    if (problems.size > 0) {
      const editor = refusedEditor(rows, apiRowErrors(problems, rowOf))
      return json({ intent: 'conditions' as const, editor }, { status: 400 })
    }
    return json(
      { intent: 'conditions' as const, editor: refusedEditor(rows, {}) },
      {
        status: error.status,
        headers: await createToastHeaders(
          scope.context,
          toastForFailedResponse(error.response, scope.t),
        ),
      },
    )
  }
  return done(scope.t('policyCondition.saved', { count: inputs.length }))
}
