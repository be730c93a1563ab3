import {
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
} from '@remix-run/node'
import { z } from 'zod'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import { deleteComponent, uploadBom } from '~/api/components.server.ts'
import { COMPONENT_SORTABLE } from '~/components/component-details/project-components-table.tsx'
import { flagParam, listParamsSchema } from '~/components/list-kit/url-state.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'

// The API accepts uploads only with BOM_UPLOAD (the 4.13 console also offered them to portfolio managers).
export const CAN_UPLOAD = 'BOM_UPLOAD'
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024

export const ComponentListParamsSchema = listParamsSchema(COMPONENT_SORTABLE, {
  onlyOutdated: flagParam,
  onlyDirect: flagParam,
  token: z.uuid().optional().catch(undefined),
})

/** Where a mutation on the tab returns: the same list view, without the dialog or upload token. */
export function tabUrl(projectUuid: string, current: URLSearchParams) {
  const next = new URLSearchParams(current)
  for (const key of ['add', 'token', 'index', '_data']) next.delete(key)
  const query = next.toString()
  return `/projects/${encodeURIComponent(projectUuid)}/components${query ? `?${query}` : ''}`
}

/** Removes the checked components one by one; the first refusal is kept to explain the rest. */
export async function removeComponents(api: ApiClient, uuids: string[]) {
  let removed = 0
  let failure: ApiError | undefined
  for (const uuid of uuids) {
    try {
      await deleteComponent(api, uuid)
      removed += 1
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      failure ??= error
    }
  }
  return { removed, failure }
}

/** Upload BOM (BOM_UPLOAD): the file on to the API, the processing token into the URL. */
export async function uploadAction({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, CAN_UPLOAD)
  const t = await getFixedT(request, context)
  const uuid = params.uuid ?? ''
  const here = `/projects/${uuid}/components`
  let file: File | null = null
  try {
    const form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }),
    )
    const value = form.get('bom')
    file = value instanceof File && value.size > 0 ? value : null
  } catch {
    return redirectWithToast(context, here, {
      type: 'error',
      title: t('components.upload.tooLarge'),
    })
  }
  if (!file) {
    return redirectWithToast(context, here, {
      type: 'warning',
      title: t('components.upload.noFile'),
    })
  }
  try {
    const token = await uploadBom(api, uuid, file)
    return redirectWithToast(context, `${here}?${new URLSearchParams({ token })}`, {
      type: 'success',
      title: t('components.upload.uploaded'),
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(context, here, toastForFailedResponse(error.response, t))
  }
}
