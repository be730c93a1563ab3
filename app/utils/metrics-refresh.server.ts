import type { AppLoadContext } from '@remix-run/node'
import { ApiError } from '~/api/client.server.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

/**
 * Asks for metrics to be recomputed (`refresh` calls the API) and goes back to the page the form
 * was on, its time range kept, saying the request went out: the numbers follow later.
 */
export async function refreshAndReturn(
  context: AppLoadContext,
  t: Translate,
  request: Request,
  refresh: () => Promise<unknown>,
) {
  const url = new URL(request.url)
  url.searchParams.delete('index')
  const back = `${url.pathname}${url.search}`
  try {
    await refresh()
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(context, back, toastForFailedResponse(error.response, t))
  }
  return redirectWithToast(context, back, {
    type: 'success',
    title: t('dashboard.refreshRequested'),
  })
}
