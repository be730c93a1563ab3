import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { UserListPage } from '~/components/access/user-list-page.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { createUserAction, loadUserList } from './__user-list.server.ts'

export const loader = (args: LoaderFunctionArgs) => loadUserList(args, 'oidc')
export const action = (args: ActionFunctionArgs) => createUserAction(args, 'oidc')
export const meta = titleMeta

/** OpenID Connect Users (§19.7): accounts an identity provider signs in. */
export default function OidcUsersRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <UserListPage kind="oidc" data={data} lastResult={actionData?.result} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
