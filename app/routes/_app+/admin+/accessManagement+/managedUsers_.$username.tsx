import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { KeyRound } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ChangePasswordDialog, ManagedProfileForm } from '~/components/access/managed-profile.tsx'
import { userPath } from '~/components/access/paths.ts'
import { UserEditorPage } from '~/components/access/user-editor-page.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { Button } from '~/components/ui/button.tsx'
import { formatDate } from '~/utils/date.ts'
import { managedUserAction } from './__managed-user.server.ts'
import { loadUserEditor } from './__user-editor.server.ts'
import { PasswordFormSchema, ProfileFormSchema } from './__user-forms.server.ts'

export async function loader(args: LoaderFunctionArgs) {
  return json({
    ...(await loadUserEditor(args, 'managed')),
    profileConstraint: getZodConstraint(ProfileFormSchema),
    passwordConstraint: getZodConstraint(PasswordFormSchema),
  })
}

export const action = managedUserAction
export const meta = titleMeta

/**
 * One managed user's row editor: full name, email and the three switches (saved as they
 * change), Change Password, teams, permissions, Delete User.
 */
export default function ManagedUserRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t, i18n } = useTranslation()
  const { user } = data
  const page = userPath('managed', user.username)
  const refused = (form: 'profile' | 'password') =>
    actionData && 'form' in actionData && actionData.form === form ? actionData.result : undefined
  return (
    <UserEditorPage
      kind="managed"
      data={data}
      actions={
        <Button asChild variant="outline">
          <Link to={`${page}?password`} preventScrollReset>
            <KeyRound aria-hidden />
            {t('userAdmin.password.open')}
          </Link>
        </Button>
      }
    >
      {user.lastPasswordChange ? (
        <p className="-mt-3 text-sm text-muted-foreground">
          {t('userAdmin.password.lastChange', {
            date: formatDate(user.lastPasswordChange, i18n.language, { withTime: true }),
          })}
        </p>
      ) : null}
      <ManagedProfileForm
        user={user}
        constraint={data.profileConstraint}
        lastResult={refused('profile')}
      />
      {data.dialog === 'password' ? (
        <ChangePasswordDialog
          username={user.username}
          constraint={data.passwordConstraint}
          lastResult={refused('password')}
          closeTo={page}
        />
      ) : null}
    </UserEditorPage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
