import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ExternalUserFacts } from '~/components/access/external-user-facts.tsx'
import { UserEditorPage } from '~/components/access/user-editor-page.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { loadUserEditor, userPageAction } from './__user-editor.server.ts'

export const loader = async (args: LoaderFunctionArgs) => json(await loadUserEditor(args, 'ldap'))
export const action = (args: ActionFunctionArgs) => userPageAction(args, 'ldap')
export const meta = titleMeta

/** One LDAP user's row editor: what is known of the user, teams, permissions. */
export default function LdapUserRoute() {
  const data = useLoaderData<typeof loader>()
  return (
    <UserEditorPage kind="ldap" data={data}>
      <ExternalUserFacts kind="ldap" user={data.user} />
    </UserEditorPage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
