import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { z } from 'zod'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
  listUsers,
  type LdapUser,
  type ManagedUser,
  type OidcUser,
  type UserKind,
} from '~/api/access.server.ts'
import { ApiError } from '~/api/client.server.ts'
import { createExternalUser, createManagedUser } from '~/api/users.server.ts'
import { userPath } from '~/components/access/paths.ts'
import type { UserListRow } from '~/components/access/users-table.tsx'
import { pageInMemory } from '~/components/list-kit/in-memory.server.ts'
import { redirectPastLastPage } from '~/components/list-kit/last-page.server.ts'
import { listParamsSchema, parseListParams } from '~/components/list-kit/url-state.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { failedSubmission } from '~/utils/form-refusal.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import { CreateManagedUserSchema, UsernameFormSchema } from './__user-forms.server.ts'

export const ACCESS = 'ACCESS_MANAGEMENT'

/** A user list's URL: search, sort by any of its columns, paging. */
export const UserListParamsSchema = listParamsSchema([
  'username',
  'fullname',
  'email',
  'identity',
  'teams',
])
type UserListParams = ReturnType<typeof UserListParamsSchema.parse>
type AnyUser = ManagedUser | LdapUser | OidcUser

function rowOf(kind: UserKind, user: AnyUser): UserListRow {
  const row: UserListRow = { username: user.username, email: user.email, teams: user.teams.length }
  if (kind === 'managed') row.fullname = (user as ManagedUser).fullname
  if (kind === 'ldap') row.identity = (user as LdapUser).dn
  if (kind === 'oidc') row.identity = (user as OidcUser).subjectIdentifier
  return row
}

/** The page of users a list shows: searched on every text column, sorted, paged. */
export function pageUsers(kind: UserKind, users: readonly AnyUser[], params: UserListParams) {
  return pageInMemory(
    users.map((user) => rowOf(kind, user)),
    params,
    {
      searchIn: (row) => [row.username, row.fullname, row.email, row.identity],
      sortBy: {
        username: (row) => row.username,
        fullname: (row) => row.fullname,
        email: (row) => row.email,
        identity: (row) => row.identity,
        teams: (row) => row.teams,
      },
    },
  )
}

const createSchema = (kind: UserKind) =>
  kind === 'managed' ? CreateManagedUserSchema : UsernameFormSchema

/** A user list page: one page of the kind's users (4.13 answers them all) and the create form. */
export async function loadUserList({ request, context }: LoaderFunctionArgs, kind: UserKind) {
  const { api } = await requireUser(request, context, ACCESS)
  const url = new URL(request.url)
  const params = parseListParams(UserListParamsSchema, url.searchParams)
  const { rows, total } = pageUsers(kind, await listUsers(api, kind), params)
  redirectPastLastPage(url, rows.length, total, params)
  const t = await getFixedT(request, context)
  return json({
    rows,
    total,
    params,
    creating: url.searchParams.has('create'),
    constraint: getZodConstraint(createSchema(kind)),
    title: t('meta.title', { page: t(`admin.pages.${kind}Users`) }),
  })
}

/**
 * Create User: the new user's page next, where teams and permissions are given. A taken
 * username is a field error; 4.13's other refusals show as the form's errors.
 */
export async function createUserAction({ request, context }: ActionFunctionArgs, kind: UserKind) {
  const { api } = await requireUser(request, context, ACCESS)
  const formData = await request.formData()
  if (formData.get('intent') !== 'create') throw new Response('Invalid intent', { status: 400 })
  const submission = parseWithZod(formData, { schema: createSchema(kind) })
  const hideFields = ['newPassword', 'confirmPassword']
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields }) }, { status: 400 })
  }
  const t = await getFixedT(request, context)
  const value = submission.value
  try {
    if (kind === 'managed') {
      const managed = value as z.infer<typeof CreateManagedUserSchema>
      await createManagedUser(api, { ...managed, suspended: false })
    } else await createExternalUser(api, kind, value.username)
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    if (error.status === 409) {
      const fieldErrors = { username: ['userAdmin.create.exists'] }
      return json({ result: submission.reply({ fieldErrors, hideFields }) }, { status: 409 })
    }
    return failedSubmission(context, t, submission, error, ['username'])
  }
  return redirectWithToast(context, userPath(kind, value.username), {
    type: 'success',
    title: t('userAdmin.create.created', { username: value.username }),
  })
}
