import type { AppLoadContext } from '@remix-run/node'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import { deleteLicense, getLicense } from '~/api/licenses.server.ts'
import { licensePath } from '~/components/licenses/paths.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

/** The page's license; a missing one is the 404 page. */
export async function loadLicense(api: ApiClient, licenseId: string) {
  try {
    return await getLicense(api, licenseId)
  } catch (error) {
    if (error instanceof ApiError && [400, 404].includes(error.status)) {
      throw new Response('Not Found', { status: 404 })
    }
    throw error
  }
}

/**
 * Deletes a custom license and goes back to the list; a refusal (a catalogue license, one
 * already gone) comes back to the page, or the list, with the reason.
 */
export async function deleteLicenseAction(
  api: ApiClient,
  context: AppLoadContext,
  t: Translate,
  licenseId: string,
) {
  try {
    await deleteLicense(api, licenseId)
    return redirectWithToast(context, '/licenses', {
      type: 'success',
      title: t('licenses.delete.deleted', { id: licenseId }),
    })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    if (error.status === 404) {
      return redirectWithToast(context, '/licenses', {
        type: 'warning',
        title: t('licenses.delete.gone'),
      })
    }
    if (error.status === 409) {
      return redirectWithToast(context, licensePath(licenseId), {
        type: 'warning',
        title: t('licenses.delete.notCustom'),
      })
    }
    return redirectWithToast(
      context,
      licensePath(licenseId),
      toastForFailedResponse(error.response, t),
    )
  }
}
