import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from '@remix-run/node'
import {
  listPermissions,
  listTeams,
  type LdapUser,
  type ManagedUser,
  type OidcUser,
  type Team,
  type UserKind,
} from '~/api/access.server.ts'
import { ApiError, type ApiClient } from '~/api/client.server.ts'
import {
  addToTeam,
  deleteUser,
  findUser,
  grantUserPermission,
  removeFromTeam,
  revokeUserPermission,
} from '~/api/users.server.ts'
import { userListPath } from '~/components/access/paths.ts'
import { pickedValues, pickerPage, pickParamsSchema } from '~/components/access/picker.server.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import { ACCESS } from './__user-list.server.ts'

type Translate = (key: string, options?: Record<string, unknown>) => string
type AnyUser = ManagedUser | LdapUser | OidcUser

export const UserEditorParamsSchema = pickParamsSchema(['teams', 'permissions'])

/** The dialogs a user page opens through its URL. */
export const USER_DIALOGS = ['delete', 'password'] as const

/**
 * Permissions a user holds through its teams, each with the teams that give it (by name), for
 * the permissions list to show beside the direct ones.
 */
export function inheritedPermissions(memberOf: ReadonlyArray<{ uuid: string }>, teams: Team[]) {
  const uuids = new Set(memberOf.map((team) => team.uuid))
  const through = new Map<string, string[]>()
  for (const team of teams) {
    if (!uuids.has(team.uuid)) continue
    for (const permission of team.permissions) {
      through.set(permission.name, [...(through.get(permission.name) ?? []), team.name])
    }
  }
  return [...through.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, teamNames]) => ({ name, teams: teamNames }))
}

/** The user of a row editor, or the 404 page. */
export async function requireListedUser<Kind extends UserKind>(
  api: ApiClient,
  kind: Kind,
  username: string,
) {
  const user = await findUser(api, kind, username)
  if (!user) throw new Response('Not Found', { status: 404 })
  return user
}

/** What every user page loads: the user, its teams' permissions, the open picker and dialog. */
export async function loadUserEditor<Kind extends UserKind>(
  { request, context, params }: LoaderFunctionArgs,
  kind: Kind,
) {
  const { api } = await requireUser(request, context, ACCESS)
  const user = await requireListedUser(api, kind, params.username ?? '')
  const url = new URL(request.url)
  const view = UserEditorParamsSchema.parse(Object.fromEntries(url.searchParams))
  const [teams, permissions] = await Promise.all([
    listTeams(api),
    view.pick === 'permissions' ? listPermissions(api) : Promise.resolve([]),
  ])
  const memberOf = new Set(user.teams.map((team) => team.uuid))
  const granted = new Set(user.permissions.map((permission) => permission.name))
  const picker =
    view.pick === 'teams'
      ? pickerPage(teams, view, {
          value: (team) => team.uuid,
          label: (team) => team.name,
          taken: (team) => memberOf.has(team.uuid),
        })
      : view.pick === 'permissions'
        ? pickerPage(permissions, view, {
            value: (permission) => permission.name,
            label: (permission) => permission.name,
            detail: (permission) => permission.description,
            taken: (permission) => granted.has(permission.name),
          })
        : undefined
  const t = await getFixedT(request, context)
  return {
    user,
    pick: view.pick,
    picker,
    dialog: USER_DIALOGS.find((name) => url.searchParams.has(name)),
    inherited: inheritedPermissions(user.teams, teams),
    title: t('meta.title', { page: user.username }),
  }
}

export interface UserActionScope {
  api: ApiClient
  context: AppLoadContext
  t: Translate
  kind: UserKind
  user: AnyUser
  /** The page's address without dialogs, where every outcome goes. */
  page: string
}

/**
 * The posts every user page shares: join teams picked in the picker, leave one, grant picked
 * permissions, revoke one, delete the user. Undefined for an intent it does not know.
 */
export async function sharedUserAction(scope: UserActionScope, intent: string, form: FormData) {
  const { api, context, t, kind, user, page } = scope
  const target = String(form.get('target') ?? '')
  const done = (title: string, type: 'success' | 'warning' = 'success') =>
    redirectWithToast(context, page, { type, title })
  try {
    switch (intent) {
      case 'joinTeams': {
        const picked = pickedValues(form)
        if (picked.length === 0) return done(t('accessKit.teams.noneSelected'), 'warning')
        let added = 0
        for (const team of picked) if (await addToTeam(api, user.username, team)) added += 1
        return done(t('accessKit.teams.added', { number: added }))
      }
      case 'leaveTeam': {
        const team = user.teams.find((candidate) => candidate.uuid === target)
        await removeFromTeam(api, user.username, target)
        return done(t('accessKit.teams.removed', { team: team?.name ?? target }))
      }
      case 'grant': {
        const picked = pickedValues(form)
        if (picked.length === 0) return done(t('accessKit.permissions.noneSelected'), 'warning')
        let granted = 0
        for (const name of picked) {
          if (await grantUserPermission(api, name, user.username)) granted += 1
        }
        return done(t('accessKit.permissions.granted', { number: granted }))
      }
      case 'revoke':
        await revokeUserPermission(api, target, user.username)
        return done(t('accessKit.permissions.revoked', { permission: target }))
      case 'delete':
        await deleteUser(api, kind, user.username)
        return redirectWithToast(context, userListPath(kind), {
          type: 'success',
          title: t('userAdmin.deleted', { username: user.username }),
        })
      default:
        return undefined
    }
  } catch (error) {
    return refusedUserAction(scope, error)
  }
}

/**
 * An API refusal of a user page's post: a user deleted meanwhile sends back to the list, any
 * other refusal is a toast on the page (a team or permission that went away).
 */
export async function refusedUserAction(scope: UserActionScope, error: unknown) {
  const { api, context, t, kind, user, page } = scope
  if (!(error instanceof ApiError) || error.status >= 500) throw error
  if (error.status === 404 && !(await findUser(api, kind, user.username))) {
    return redirectWithToast(context, userListPath(kind), {
      type: 'warning',
      title: t('userAdmin.gone', { username: user.username }),
    })
  }
  return redirectWithToast(context, page, toastForFailedResponse(error.response, t))
}

/** An LDAP or OpenID Connect user's page: only what every user page does. */
export async function userPageAction(
  { request, context, params }: ActionFunctionArgs,
  kind: UserKind,
) {
  const { api } = await requireUser(request, context, ACCESS)
  const t = await getFixedT(request, context)
  const user = await requireListedUser(api, kind, params.username ?? '')
  const form = await request.formData()
  const page = new URL(request.url).pathname
  const scope: UserActionScope = { api, context, t, kind, user, page }
  const outcome = await sharedUserAction(scope, String(form.get('intent') ?? ''), form)
  if (!outcome) throw new Response('Invalid intent', { status: 400 })
  return outcome
}
