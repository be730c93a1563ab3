import type { AppLoadContext } from '@remix-run/node'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import { refreshMetrics } from '~/api/project-metrics.server.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

/**
 * Asks for a project's or component's metrics to be recomputed and goes back to the page the
 * form was on (its time range kept), saying the request went out: the numbers follow later.
 */
export async function refreshAndReturn(
  api: ApiClient,
  context: AppLoadContext,
  t: Translate,
  kind: 'project' | 'component',
  uuid: string,
  request: Request,
) {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  const back = `${url.pathname}${url.search}`
  try {
    await refreshMetrics(api, kind, uuid)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(context, back, toastForFailedResponse(error.response, t))
  }
  return redirectWithToast(context, back, {
    type: 'success',
    title: t('dashboard.refreshRequested'),
  })
}
