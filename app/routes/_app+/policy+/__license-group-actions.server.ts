import { parseWithZod } from '@conform-to/zod/v4'
import { json, type AppLoadContext } from '@remix-run/node'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import {
  addLicenseToGroup,
  deleteLicenseGroup,
  getLicenseGroup,
  removeLicenseFromGroup,
  renameLicenseGroup,
} from '~/api/licenses.server.ts'
import { licenseGroupPath } from '~/components/licenses/paths.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { failedSubmission } from '~/utils/form-refusal.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import {
  LicenseGroupFormSchema,
  parseLicenseGroupAction,
  PICKER_PARAMS,
  samePage,
} from './__license-groups.server.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

const LIST = '/policy/licenseGroups'

/** The page's group; a missing one (or an address that is no UUID) is the 404 page. */
export async function loadLicenseGroup(api: ApiClient, uuid: string) {
  try {
    return await getLicenseGroup(api, uuid)
  } catch (error) {
    if (error instanceof ApiError && [400, 404].includes(error.status)) {
      throw new Response('Not Found', { status: 404 })
    }
    throw error
  }
}

/**
 * One post on a group's page: rename, remove a license, add the picked ones, delete the group.
 * Each answers with the page to show next and a toast; a refused rename shows its form again.
 */
export async function licenseGroupAction(
  api: ApiClient,
  context: AppLoadContext,
  t: Translate,
  request: { url: string; uuid: string; formData: FormData },
) {
  const parsed = parseLicenseGroupAction(request.formData)
  if (!parsed.success) throw new Response('Invalid form', { status: 400 })
  const { uuid } = request
  const page = licenseGroupPath(uuid)
  const intent = parsed.data
  try {
    switch (intent.intent) {
      case 'rename': {
        const submission = parseWithZod(request.formData, { schema: LicenseGroupFormSchema })
        if (submission.status !== 'success') {
          return json({ result: submission.reply() }, { status: 400 })
        }
        try {
          await renameLicenseGroup(api, uuid, submission.value.name)
        } catch (error) {
          if (!(error instanceof ApiError) || error.status === 404 || error.status >= 500) {
            throw error
          }
          if (error.status === 409) {
            return json(
              {
                result: submission.reply({ fieldErrors: { name: ['licenseGroups.exists'] } }),
              },
              { status: 409 },
            )
          }
          return failedSubmission(context, t, submission, error, ['name'])
        }
        return redirectWithToast(context, page, {
          type: 'success',
          title: t('licenseGroups.group.renamed'),
        })
      }
      case 'remove':
        await removeLicenseFromGroup(api, uuid, intent.license)
        return redirectWithToast(context, page, {
          type: 'success',
          title: t('licenseGroups.group.removed'),
        })
      case 'add': {
        if (intent.licenses.length === 0) {
          return redirectWithToast(context, samePage(request.url), {
            type: 'warning',
            title: t('licenseGroups.picker.noSelection'),
          })
        }
        let added = 0
        for (const license of intent.licenses) {
          if (await addLicenseToGroup(api, uuid, license)) added += 1
        }
        return redirectWithToast(context, samePage(request.url, PICKER_PARAMS), {
          type: 'success',
          title: t('licenseGroups.picker.added', { number: added }),
        })
      }
      case 'delete':
        await deleteLicenseGroup(api, uuid)
        return redirectWithToast(context, LIST, {
          type: 'success',
          title: t('licenseGroups.delete.deleted'),
        })
    }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    if (error.status === 404) {
      // The group, or a license being added, is gone: say which and show what is left.
      const groupGone = await getLicenseGroup(api, uuid).then(
        () => false,
        () => true,
      )
      return groupGone
        ? redirectWithToast(context, LIST, { type: 'warning', title: t('licenseGroups.gone') })
        : redirectWithToast(context, samePage(request.url), {
            type: 'warning',
            title: t('licenseGroups.picker.licenseGone'),
          })
    }
    return redirectWithToast(
      context,
      samePage(request.url),
      toastForFailedResponse(error.response, t),
    )
  }
}
