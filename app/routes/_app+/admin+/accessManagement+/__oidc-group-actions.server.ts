import { parseWithZod } from '@conform-to/zod/v4'
import { json, type AppLoadContext } from '@remix-run/node'
import { listOidcGroups } from '~/api/access.server.ts'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import {
  deleteOidcGroup,
  mapOidcGroup,
  renameOidcGroup,
  unmapOidcGroup,
} from '~/api/oidc-groups.server.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { failedSubmission } from '~/utils/form-refusal.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import { OIDC_GROUPS_PATH, oidcGroupPath } from '~/components/access/paths.ts'
import { OidcGroupFormSchema, parseOidcGroupAction } from './__oidc-groups.server.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

/** The page's group (4.13 has no single-group read); a missing one is the 404 page. */
export async function loadOidcGroup(api: ApiClient, uuid: string) {
  const group = (await listOidcGroups(api)).find((candidate) => candidate.uuid === uuid)
  if (!group) throw new Response('Not Found', { status: 404 })
  return group
}

/**
 * One post on a group's page: rename, map to the picked teams, remove a team, delete the group.
 * Each answers with the page to show next and a toast; a refused rename shows its form again.
 */
export async function oidcGroupAction(
  api: ApiClient,
  context: AppLoadContext,
  t: Translate,
  request: { uuid: string; formData: FormData },
) {
  const parsed = parseOidcGroupAction(request.formData)
  if (!parsed.success) throw new Response('Invalid form', { status: 400 })
  const { uuid } = request
  const page = oidcGroupPath(uuid)
  const intent = parsed.data
  try {
    switch (intent.intent) {
      case 'rename': {
        const submission = parseWithZod(request.formData, { schema: OidcGroupFormSchema })
        if (submission.status !== 'success') {
          return json({ result: submission.reply() }, { status: 400 })
        }
        try {
          await renameOidcGroup(api, uuid, submission.value.name)
        } catch (error) {
          if (!(error instanceof ApiError) || error.status === 404 || error.status >= 500) {
            throw error
          }
          return failedSubmission(context, t, submission, error, ['name'])
        }
        return redirectWithToast(context, page, {
          type: 'success',
          title: t('oidcGroups.group.renamed'),
        })
      }
      case 'add': {
        if (intent.teams.length === 0) {
          return redirectWithToast(context, `${page}?pick=teams`, {
            type: 'warning',
            title: t('oidcGroups.picker.noSelection'),
          })
        }
        let added = 0
        for (const team of intent.teams) if (await mapOidcGroup(api, uuid, team)) added += 1
        return redirectWithToast(context, page, {
          type: 'success',
          title: t('oidcGroups.picker.added', { number: added }),
        })
      }
      case 'remove':
        await unmapOidcGroup(api, uuid, intent.team)
        return redirectWithToast(context, page, {
          type: 'success',
          title: t('oidcGroups.group.removed'),
        })
      case 'delete':
        await deleteOidcGroup(api, uuid)
        return redirectWithToast(context, OIDC_GROUPS_PATH, {
          type: 'success',
          title: t('oidcGroups.delete.deleted'),
        })
    }
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    if (error.status === 404) {
      // The group, a team or the mapping is gone: say so and show what is left.
      const groupGone = await loadOidcGroup(api, uuid).then(
        () => false,
        () => true,
      )
      return groupGone
        ? redirectWithToast(context, OIDC_GROUPS_PATH, {
            type: 'warning',
            title: t('oidcGroups.gone'),
          })
        : redirectWithToast(context, page, { type: 'warning', title: t('oidcGroups.changed') })
    }
    return redirectWithToast(context, page, toastForFailedResponse(error.response, t))
  }
}
