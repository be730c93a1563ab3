import { parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { json, type ActionFunctionArgs, type AppLoadContext } from '@remix-run/node'
import type { Team } from '~/api/access.server.ts'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import * as teams from '~/api/teams.server.ts'
import { removeFromTeam } from '~/api/users.server.ts'
import { TEAMS } from '~/components/access/paths.ts'
import { pickedValues } from '~/components/access/picker.server.ts'
import { serverMessageLines, toastForFailedResponse } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import {
  CreateKeySchema,
  KeyCommentSchema,
  KeyExpirySchema,
  TeamNameSchema,
} from './__team-forms.server.ts'
import { loadTeam } from './__team-editor.server.ts'
import { ACCESS } from './__user-list.server.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string

interface TeamScope {
  api: ApiClient
  context: AppLoadContext
  t: Translate
  team: Team
  /** The team's page without dialogs, where every outcome goes. */
  page: string
}

/** The full key travels only in this answer, which no cache may keep. */
const NOT_STORED = { 'Cache-Control': 'no-store' }

/** Every post of a team's page; refusals are toasts, or errors in the dialog that posted. */
export async function teamAction({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, ACCESS)
  const t = await getFixedT(request, context)
  const team = await loadTeam(api, params.uuid ?? '')
  const form = await request.formData()
  const scope: TeamScope = { api, context, t, team, page: new URL(request.url).pathname }
  try {
    return await runIntent(scope, String(form.get('intent') ?? ''), form)
  } catch (error) {
    return refused(scope, error)
  }
}

async function runIntent(scope: TeamScope, intent: string, form: FormData) {
  const { api, t, team } = scope
  const target = String(form.get('target') ?? '')
  const done = (title: string, type: 'success' | 'warning' = 'success') =>
    redirectWithToast(scope.context, scope.page, { type, title })
  switch (intent) {
    case 'rename':
      return rename(scope, form)
    case 'delete':
      await teams.deleteTeam(api, team.uuid)
      return redirectWithToast(scope.context, TEAMS, {
        type: 'success',
        title: t('teamAdmin.deleted', { name: team.name }),
      })
    case 'createKey':
      return createKey(scope, form)
    case 'regenerate': {
      const key = await teams.regenerateApiKey(api, target)
      return json({ shownKey: key, regenerated: true }, { headers: NOT_STORED })
    }
    case 'comment':
      return keyDialog(
        scope,
        form,
        { name: 'comment', schema: KeyCommentSchema, saved: 'teamAdmin.keys.commentSaved' },
        (value) => teams.setApiKeyComment(api, value.publicId, value.comment ?? ''),
      )
    case 'expiry':
      return keyDialog(
        scope,
        form,
        { name: 'expiry', schema: KeyExpirySchema, saved: 'teamAdmin.keys.expirySaved' },
        (value) => teams.setApiKeyExpiry(api, value.publicId, value.expires ?? null),
      )
    case 'removeKey':
      await teams.deleteApiKey(api, target)
      return done(t('teamAdmin.keys.removed'))
    case 'grant': {
      const picked = pickedValues(form)
      if (picked.length === 0) return done(t('accessKit.permissions.noneSelected'), 'warning')
      let granted = 0
      for (const name of picked)
        if (await teams.grantTeamPermission(api, name, team.uuid)) granted++
      return done(t('accessKit.permissions.granted', { number: granted }))
    }
    case 'revoke':
      await teams.revokeTeamPermission(api, target, team.uuid)
      return done(t('accessKit.permissions.revoked', { permission: target }))
    case 'mapLdap':
    case 'mapOidc': {
      const picked = pickedValues(form)
      if (picked.length === 0) return done(t('teamAdmin.groups.noneSelected'), 'warning')
      let mapped = 0
      for (const group of picked) if (await mapGroup(scope, intent, group)) mapped++
      return done(t('teamAdmin.groups.mapped', { number: mapped }))
    }
    case 'unmapLdap':
      await teams.unmapLdapGroup(api, target)
      return done(t('teamAdmin.groups.unmapped'))
    case 'unmapOidc':
      await teams.unmapOidcGroup(api, target)
      return done(t('teamAdmin.groups.unmapped'))
    case 'removeMember':
      await removeFromTeam(api, target, team.uuid)
      return done(t('teamAdmin.members.removed', { username: target }))
    default:
      throw new Response('Invalid intent', { status: 400 })
  }
}

/** Maps one group; a mapping that already exists (409) is no change, not a failure. */
async function mapGroup(scope: TeamScope, intent: 'mapLdap' | 'mapOidc', group: string) {
  try {
    if (intent === 'mapLdap') await teams.mapLdapGroup(scope.api, scope.team.uuid, group)
    else await teams.mapOidcGroup(scope.api, scope.team.uuid, group)
    return true
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return false
    throw error
  }
}

/** The name, saved as typed with JavaScript (the script gets the result), else with Save. */
async function rename(scope: TeamScope, form: FormData) {
  const submission = parseWithZod(form, { schema: TeamNameSchema })
  if (submission.status !== 'success') {
    return json({ form: 'rename' as const, result: submission.reply() }, { status: 400 })
  }
  await teams.renameTeam(scope.api, scope.team.uuid, submission.value.name)
  if (form.get('autosave') === '1') {
    return json({ form: 'rename' as const, result: submission.reply(), saved: true })
  }
  return redirectWithToast(scope.context, scope.page, {
    type: 'success',
    title: scope.t('teamAdmin.renamed'),
  })
}

/** Create API key: the key (with its expiry, beyond 4.13), then its comment when one is given. */
async function createKey(scope: TeamScope, form: FormData) {
  const submission = parseWithZod(form, { schema: CreateKeySchema })
  if (submission.status !== 'success') {
    return json({ form: 'createKey' as const, result: submission.reply() }, { status: 400 })
  }
  const { expires, comment } = submission.value
  const created = await teams.createApiKey(scope.api, scope.team.uuid, expires)
  if (comment?.trim()) await teams.setApiKeyComment(scope.api, created.publicId, comment.trim())
  return json({ shownKey: created, regenerated: false }, { headers: NOT_STORED })
}

/** The comment and expiry dialogs: a refusal of the API (a past date) shows in the dialog. */
async function keyDialog<Schema extends z.ZodType>(
  scope: TeamScope,
  form: FormData,
  dialog: { name: 'comment' | 'expiry'; schema: Schema; saved: string },
  save: (value: z.infer<Schema>) => Promise<unknown>,
) {
  const submission = parseWithZod(form, { schema: dialog.schema })
  if (submission.status !== 'success') {
    return json({ form: dialog.name, result: submission.reply() }, { status: 400 })
  }
  try {
    await save(submission.value)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400) throw error
    const formErrors = serverMessageLines(error.response.body, scope.t)
    return json({ form: dialog.name, result: submission.reply({ formErrors }) }, { status: 400 })
  }
  return redirectWithToast(scope.context, scope.page, {
    type: 'success',
    title: scope.t(dialog.saved),
  })
}

/**
 * An API refusal: a team deleted meanwhile sends back to the list; anything else (a key, group
 * or user that went away) is a toast on the page.
 */
async function refused(scope: TeamScope, error: unknown) {
  if (error instanceof Response) throw error
  if (!(error instanceof ApiError) || error.status >= 500) throw error
  if (error.status === 404) {
    const gone = await teams.getTeam(scope.api, scope.team.uuid).then(
      () => false,
      () => true,
    )
    if (gone) {
      return redirectWithToast(scope.context, TEAMS, {
        type: 'warning',
        title: scope.t('teamAdmin.gone', { name: scope.team.name }),
      })
    }
  }
  return redirectWithToast(
    scope.context,
    scope.page,
    toastForFailedResponse(error.response, scope.t),
  )
}
