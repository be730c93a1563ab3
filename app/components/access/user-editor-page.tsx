import { Link } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Permission, UserKind } from '~/api/access.server.ts'
import { BackLink } from '~/components/back-link.tsx'
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog.tsx'
import { Button } from '~/components/ui/button.tsx'
import { PermissionEditor, TeamMembershipEditor } from './editors.tsx'
import { PageHeader } from './page-header.tsx'
import { userListPath, userPath } from './paths.ts'
import { PickerDialog, type PickerPage } from './picker-dialog.tsx'

/** What every user page's loader answers besides the user's own fields. */
export interface UserEditorData {
  user: {
    username: string
    teams: Array<{ uuid: string; name: string }>
    permissions: Permission[]
  }
  pick?: 'teams' | 'permissions'
  picker?: PickerPage
  dialog?: 'delete' | 'password'
  inherited: Array<{ name: string; teams: string[] }>
}

/**
 * A user's row editor (§19.7), one address per user: the kind's own part (`children`), Team
 * Membership and Permissions with their pickers, and Delete User (confirmed first; 4.13 deletes
 * at once).
 */
export function UserEditorPage({
  kind,
  data,
  actions,
  children,
}: {
  kind: UserKind
  data: UserEditorData
  /** Buttons beside Delete User (Change Password). */
  actions?: ReactNode
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const { user, picker } = data
  const page = userPath(kind, user.username)
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <BackLink to={userListPath(kind)}>{t(`admin.pages.${kind}Users`)}</BackLink>
      <PageHeader
        title={user.username}
        intro={t(`userAdmin.${kind}.editorIntro`)}
        actions={
          <>
            {actions}
            <Button asChild variant="destructive">
              <Link to={`${page}?delete`} preventScrollReset>
                <Trash2 aria-hidden />
                {t('userAdmin.delete.open')}
              </Link>
            </Button>
          </>
        }
      />
      {children}
      <TeamMembershipEditor
        username={user.username}
        teams={user.teams}
        addTo={`${page}?pick=teams`}
      />
      <PermissionEditor
        subject={user.username}
        permissions={user.permissions}
        addTo={`${page}?pick=permissions`}
        inherited={data.inherited}
      />
      {picker && data.pick === 'teams' ? (
        <PickerDialog
          title={t('accessKit.teams.pickerTitle', { name: user.username })}
          closeTo={page}
          intent="joinTeams"
          picker={picker}
          searchLabel={t('accessKit.teams.search')}
          columns={[t('accessKit.teams.name')]}
          emptyText={t('accessKit.teams.noMatch')}
        />
      ) : null}
      {picker && data.pick === 'permissions' ? (
        <PickerDialog
          title={t('accessKit.permissions.pickerTitle', { name: user.username })}
          closeTo={page}
          intent="grant"
          picker={picker}
          searchLabel={t('accessKit.permissions.search')}
          columns={[t('accessKit.permissions.name'), t('accessKit.permissions.description')]}
          emptyText={t('accessKit.permissions.noMatch')}
        />
      ) : null}
      {data.dialog === 'delete' ? (
        <ConfirmDeleteDialog
          title={t('userAdmin.delete.title')}
          message={t('userAdmin.delete.message', { username: user.username })}
          consequence={t('userAdmin.delete.consequence')}
          confirmLabel={t('userAdmin.delete.confirm')}
          closeTo={page}
          action={page}
        />
      ) : null}
    </div>
  )
}
