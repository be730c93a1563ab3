import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { UserListPage } from '~/components/access/user-list-page.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { createUserAction, loadUserList } from './__user-list.server.ts'

export const loader = (args: LoaderFunctionArgs) => loadUserList(args, 'ldap')
export const action = (args: ActionFunctionArgs) => createUserAction(args, 'ldap')
export const meta = titleMeta

/** LDAP Users (§19.7): directory accounts; the directory checks their passwords. */
export default function LdapUsersRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <UserListPage kind="ldap" data={data} lastResult={actionData?.result} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
