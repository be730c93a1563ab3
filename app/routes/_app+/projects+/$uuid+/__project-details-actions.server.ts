import type { Submission } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { json, type AppLoadContext } from '@remix-run/node'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import {
  buildUpdateBody,
  cloneProject,
  createProperty,
  deleteProject,
  deleteProperty,
  getProjectFull,
  updateProject,
} from '~/api/projects.server.ts'
import { dialogUrl } from '~/components/project-details/dialog-url.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { splitTags } from '~/utils/portfolio.ts'
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server.ts'
import {
  AddVersionFormSchema,
  CreatePropertyFormSchema,
  failureReply,
  returnPath,
  UpdateProjectFormSchema,
} from './__project-details.server.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

interface ActionInput {
  api: ApiClient
  context: AppLoadContext
  formData: FormData
  uuid: string
  t: Translate
}

export const DETAIL_INTENTS = [
  'update',
  'delete',
  'createProperty',
  'deleteProperties',
  'addVersion',
] as const
export type DetailIntent = (typeof DETAIL_INTENTS)[number]

/** The place the reader came from, split so a dialog can be reopened on it. */
function origin(formData: FormData, uuid: string) {
  const back = new URL(returnPath(formData.get('returnTo'), uuid), 'http://console.invalid')
  return {
    back: dialogUrl(back.pathname, back.search, {}),
    with: (open: Parameters<typeof dialogUrl>[2]) => dialogUrl(back.pathname, back.search, open),
  }
}

/**
 * An API refusal on a form: 4xx become errors shown in the dialog (status kept, so the page
 * stays where it was); 5xx and unreachable answers a toast.
 */
async function refused(
  error: unknown,
  intent: DetailIntent,
  submission: Pick<Submission<unknown>, 'reply'>,
  fields: readonly string[],
  { context, t }: ActionInput,
) {
  if (!(error instanceof ApiError)) throw error
  const reply = failureReply(error.response, fields, t)
  if (reply) {
    return json({ intent, result: submission.reply(reply) }, { status: error.status })
  }
  return json(
    { intent, result: submission.reply() },
    {
      status: error.status,
      headers: await createToastHeaders(context, toastForFailedResponse(error.response, t)),
    },
  )
}

async function update(input: ActionInput) {
  const { api, context, formData, uuid, t } = input
  const submission = parseWithZod(formData, { schema: UpdateProjectFormSchema })
  if (submission.status !== 'success') {
    return json({ intent: 'update' as const, result: submission.reply() }, { status: 400 })
  }
  try {
    const current = await getProjectFull(api, uuid)
    const { tags, ...edits } = submission.value
    await updateProject(api, buildUpdateBody(current, { ...edits, tags: splitTags(tags) }))
  } catch (error) {
    return refused(error, 'update', submission, Object.keys(UpdateProjectFormSchema.shape), input)
  }
  return redirectWithToast(context, origin(formData, uuid).back, {
    type: 'success',
    title: t('projectDetails.updated'),
  })
}

async function remove({ api, context, formData, uuid, t }: ActionInput) {
  try {
    await deleteProject(api, uuid)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(
      context,
      origin(formData, uuid).with({ details: 'general' }),
      toastForFailedResponse(error.response, t),
    )
  }
  return redirectWithToast(context, '/projects', {
    type: 'success',
    title: t('projectDetails.delete.deleted'),
  })
}

async function addProperty(input: ActionInput) {
  const { api, context, formData, uuid, t } = input
  const submission = parseWithZod(formData, { schema: CreatePropertyFormSchema })
  if (submission.status !== 'success') {
    return json({ intent: 'createProperty' as const, result: submission.reply() }, { status: 400 })
  }
  try {
    await createProperty(api, uuid, submission.value)
  } catch (error) {
    return refused(
      error,
      'createProperty',
      submission,
      ['groupName', 'propertyName', 'propertyValue', 'propertyType', 'description'],
      input,
    )
  }
  return redirectWithToast(context, origin(formData, uuid).with({ properties: '' }), {
    type: 'success',
    title: t('projectDetails.properties.created'),
  })
}

/** Deletes every checked property; the ones that could not be deleted are named in the toast. */
async function removeProperties({ api, context, formData, uuid, t }: ActionInput) {
  const back = origin(formData, uuid).with({ properties: '' })
  const keys = formData
    .getAll('selected')
    .filter((value): value is string => typeof value === 'string')
    .flatMap((value) => {
      try {
        const key = JSON.parse(value) as unknown
        return Array.isArray(key) &&
          key.length === 2 &&
          key.every((part) => typeof part === 'string')
          ? [{ groupName: key[0] as string, propertyName: key[1] as string }]
          : []
      } catch {
        return []
      }
    })
  if (keys.length === 0) {
    return redirectWithToast(context, back, {
      type: 'warning',
      title: t('projectDetails.properties.noneSelected'),
    })
  }
  const failed: string[] = []
  for (const key of keys) {
    try {
      await deleteProperty(api, uuid, key)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      failed.push(`${key.groupName} / ${key.propertyName}`)
    }
  }
  if (failed.length > 0) {
    return redirectWithToast(context, back, {
      type: 'error',
      title: t('projectDetails.properties.deleteFailed'),
      description: failed.join(', '),
    })
  }
  return redirectWithToast(context, back, {
    type: 'success',
    title: t('projectDetails.properties.deleted', { count: keys.length }),
  })
}

async function addVersion(input: ActionInput) {
  const { api, context, formData, uuid, t } = input
  const submission = parseWithZod(formData, { schema: AddVersionFormSchema })
  if (submission.status !== 'success') {
    return json({ intent: 'addVersion' as const, result: submission.reply() }, { status: 400 })
  }
  let token: string
  try {
    token = await cloneProject(api, uuid, submission.value)
  } catch (error) {
    return refused(error, 'addVersion', submission, ['version'], input)
  }
  return redirectWithToast(
    context,
    origin(formData, uuid).with({ cloning: token, clone: submission.value.version }),
    { type: 'info', title: t('projectDetails.addVersion.started') },
  )
}

export function runDetailsAction(intent: DetailIntent, input: ActionInput) {
  switch (intent) {
    case 'update':
      return update(input)
    case 'delete':
      return remove(input)
    case 'createProperty':
      return addProperty(input)
    case 'deleteProperties':
      return removeProperties(input)
    case 'addVersion':
      return addVersion(input)
  }
}
