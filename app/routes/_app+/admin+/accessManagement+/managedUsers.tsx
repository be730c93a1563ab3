import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { UserListPage } from '~/components/access/user-list-page.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { createUserAction, loadUserList } from './__user-list.server.ts'

export const loader = (args: LoaderFunctionArgs) => loadUserList(args, 'managed')
export const action = (args: ActionFunctionArgs) => createUserAction(args, 'managed')
export const meta = titleMeta

/** Managed Users (§19.7): the accounts Lookout keeps passwords for. */
export default function ManagedUsersRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  return <UserListPage kind="managed" data={data} lastResult={actionData?.result} />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
