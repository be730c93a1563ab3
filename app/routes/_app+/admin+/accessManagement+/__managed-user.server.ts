import { parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs } from '@remix-run/node'
import type { ManagedUser } from '~/api/access.server.ts'
import { ApiError } from '~/api/client.server.ts'
import { updateManagedUser } from '~/api/users.server.ts'
import { serverMessageLines } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import {
  refusedUserAction,
  requireListedUser,
  sharedUserAction,
  type UserActionScope,
} from './__user-editor.server.ts'
import { PasswordFormSchema, ProfileFormSchema } from './__user-forms.server.ts'
import { ACCESS } from './__user-list.server.ts'

const PASSWORDS = ['newPassword', 'confirmPassword']

/** A managed user's page: its profile and flags, its password, and what every user page does. */
export async function managedUserAction({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, ACCESS)
  const t = await getFixedT(request, context)
  const user = await requireListedUser(api, 'managed', params.username ?? '')
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')
  const page = new URL(request.url).pathname
  const scope: UserActionScope = { api, context, t, kind: 'managed', user, page }
  if (intent === 'profile') return saveProfile(scope, user, form)
  if (intent === 'password') return changePassword(scope, user, form)
  const shared = await sharedUserAction(scope, intent, form)
  if (shared) return shared
  throw new Response('Invalid intent', { status: 400 })
}

/** A refusal the form shows itself: 4.13's sentences ("The users email address is missing."). */
function formRefusal(error: unknown) {
  return error instanceof ApiError && error.status === 400 && error.response.body.trim() !== ''
}

/**
 * The row editor's fields, all sent each time as 4.13 overwrites all. A script saving as the
 * reader types gets the result back; a plain post goes back to the page with a toast.
 */
async function saveProfile(scope: UserActionScope, user: ManagedUser, form: FormData) {
  const submission = parseWithZod(form, { schema: ProfileFormSchema })
  if (submission.status !== 'success') {
    return json({ form: 'profile' as const, result: submission.reply() }, { status: 400 })
  }
  try {
    await updateManagedUser(scope.api, { username: user.username, ...submission.value })
  } catch (error) {
    if (!formRefusal(error)) return refusedUserAction(scope, error)
    const formErrors = serverMessageLines((error as ApiError).response.body, scope.t)
    return json({ form: 'profile' as const, result: submission.reply({ formErrors }) }, 400)
  }
  if (form.get('autosave') === '1') {
    return json({ form: 'profile' as const, result: submission.reply(), saved: true })
  }
  return redirectWithToast(scope.context, scope.page, {
    type: 'success',
    title: scope.t('userAdmin.profile.saved'),
  })
}

/** Change Password: the stored profile and flags go along unchanged, as 4.13 sends them. */
async function changePassword(scope: UserActionScope, user: ManagedUser, form: FormData) {
  const submission = parseWithZod(form, { schema: PasswordFormSchema })
  if (submission.status !== 'success') {
    return json(
      { form: 'password' as const, result: submission.reply({ hideFields: PASSWORDS }) },
      { status: 400 },
    )
  }
  try {
    await updateManagedUser(scope.api, {
      username: user.username,
      fullname: user.fullname ?? '',
      email: user.email ?? '',
      forcePasswordChange: user.forcePasswordChange,
      nonExpiryPassword: user.nonExpiryPassword,
      suspended: user.suspended,
      ...submission.value,
    })
  } catch (error) {
    if (!formRefusal(error)) return refusedUserAction(scope, error)
    const formErrors = serverMessageLines((error as ApiError).response.body, scope.t)
    const result = submission.reply({ formErrors, hideFields: PASSWORDS })
    return json({ form: 'password' as const, result }, 400)
  }
  return redirectWithToast(scope.context, scope.page, {
    type: 'success',
    title: scope.t('userAdmin.password.changed', { username: user.username }),
  })
}
