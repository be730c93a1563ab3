import { parseWithZod } from '@conform-to/zod/v4'
import { json, type AppLoadContext } from '@remix-run/node'
import type { z } from 'zod'
import { ApiError } from '~/api/client.server.ts'
import { failedSubmission } from '~/utils/form-refusal.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

/**
 * The action of a "Create" dialog that asks for a name only (license groups, OpenID Connect
 * groups): validates the form, creates, and opens the new item; a 409 marks the name as taken.
 */
export async function createNamedFromForm<Created extends { uuid: string; name: string }>(
  { context, t, formData }: { context: AppLoadContext; t: Translate; formData: FormData },
  schema: z.ZodType<{ name: string }>,
  create: (name: string) => Promise<Created>,
  {
    pathOf,
    createdKey,
    existsKey,
  }: {
    pathOf: (uuid: string) => string
    createdKey: string
    existsKey: string
  },
) {
  if (formData.get('intent') !== 'create') throw new Response('Invalid intent', { status: 400 })
  const submission = parseWithZod(formData, { schema })
  if (submission.status !== 'success') {
    return json({ result: submission.reply() }, { status: 400 })
  }
  try {
    const created = await create(submission.value.name)
    return redirectWithToast(context, pathOf(created.uuid), {
      type: 'success',
      title: t(createdKey, { name: created.name }),
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 409) {
      return json(
        { result: submission.reply({ fieldErrors: { name: [existsKey] } }) },
        { status: 409 },
      )
    }
    return failedSubmission(context, t, submission, error, ['name'])
  }
}
