import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs } from '@remix-run/node'
import { ApiError } from '~/api/client.server.ts'
import { createRepository, deleteRepository, updateRepository } from '~/api/repositories.server.ts'
import { listParamsSchema, textParam, TRANSIENT_PARAMS } from '~/components/list-kit/url-state.ts'
import { REPOSITORY_SORTABLE } from '~/components/repositories/repositories-table.tsx'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { failedSubmission } from '~/utils/form-refusal.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import {
  createRepositorySchema,
  EditRepositorySchema,
  REPOSITORY_FIELDS,
  type RepositoryPage,
} from './__repository-forms.server.ts'

type ReplyOptions = Parameters<Submission<unknown>['reply']>[0]

export const REPOSITORY_ACCESS = 'SYSTEM_CONFIGURATION'

/** A page's URL state: sort and page, the open editor (`expanded`), the Create dialog. */
export const RepositoryListParamsSchema = listParamsSchema(REPOSITORY_SORTABLE, {
  expanded: textParam,
})

/** The page's address with some parameters changed; the dialog is never carried over. */
export function pageHref(
  page: RepositoryPage,
  current: URLSearchParams,
  changes: Record<string, string | undefined> = {},
) {
  const next = new URLSearchParams(current)
  for (const key of TRANSIENT_PARAMS) next.delete(key)
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) next.delete(key)
    else next.set(key, value)
  }
  const query = next.toString()
  return `/admin/repositories/${page.page}${query ? `?${query}` : ''}`
}

/**
 * Create (the dialog), Save (a row's editor) and Delete. A refusal comes back with the intent
 * and row it belongs to, so the page shows it in the form that was sent.
 */
export async function repositoryAction(
  { request, context }: ActionFunctionArgs,
  page: RepositoryPage,
) {
  const { api } = await requireUser(request, context, REPOSITORY_ACCESS)
  const t = await getFixedT(request, context)
  const formData = await request.formData()
  const current = new URL(request.url).searchParams
  const intent = formData.get('intent')
  const refused = (uuid?: string) => async (response: Response) =>
    json({ intent, uuid, ...((await response.json()) as { result: unknown }) }, response)
  // A typed password never goes back to the browser, not even inside a refused form.
  const hidden = <Result>(submission: Submission<Result>) => ({
    reply: (options?: ReplyOptions) => submission.reply({ ...options, hideFields: ['password'] }),
  })

  if (intent === 'create') {
    const submission = parseWithZod(formData, { schema: createRepositorySchema(page) })
    if (submission.status !== 'success') {
      return json(
        { intent, uuid: undefined, result: submission.reply({ hideFields: ['password'] }) },
        { status: 400 },
      )
    }
    try {
      await createRepository(api, submission.value)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return refused()(
        await failedSubmission(context, t, hidden(submission), error, REPOSITORY_FIELDS),
      )
    }
    return redirectWithToast(context, pageHref(page, current), {
      type: 'success',
      title: t('repositories.create.created'),
    })
  }

  if (intent === 'update') {
    const submission = parseWithZod(formData, { schema: EditRepositorySchema })
    const uuid = String(formData.get('uuid') ?? '')
    if (submission.status !== 'success') {
      return json(
        { intent, uuid, result: submission.reply({ hideFields: ['password'] }) },
        { status: 400 },
      )
    }
    try {
      await updateRepository(api, submission.value)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return refused(uuid)(
        await failedSubmission(context, t, hidden(submission), error, REPOSITORY_FIELDS),
      )
    }
    return redirectWithToast(context, pageHref(page, current, { expanded: uuid }), {
      type: 'success',
      title: t('repositories.edit.updated'),
    })
  }

  if (intent === 'delete') {
    const uuid = String(formData.get('uuid') ?? '')
    try {
      await deleteRepository(api, uuid)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return redirectWithToast(
        context,
        pageHref(page, current, { expanded: undefined }),
        toastForFailedResponse(error.response, t),
      )
    }
    return redirectWithToast(context, pageHref(page, current, { expanded: undefined }), {
      type: 'success',
      title: t('repositories.edit.deleted'),
    })
  }
  throw new Response('Invalid intent', { status: 400 })
}
