import type { SubmissionResult } from '@conform-to/react'
import { RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Team } from '~/api/access.server.ts'
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog.tsx'
import { teamPath } from './paths.ts'
import { PickerDialog, type PickerPage } from './picker-dialog.tsx'
import { CreateKeyDialog, KeyCommentDialog, KeyExpiryDialog } from './team-key-dialogs.tsx'

type Result = SubmissionResult<string[]> | undefined

/** The pickers of a team's page: permissions, LDAP groups (searched in the directory), OIDC groups. */
export function TeamPickers({
  team,
  pick,
  picker,
  notice,
}: {
  team: Team
  pick?: 'permissions' | 'ldapGroups' | 'oidcGroups'
  picker?: PickerPage
  notice?: 'notConfigured' | 'typeToSearch' | 'failed'
}) {
  const { t } = useTranslation()
  if (!picker || !pick) return null
  const closeTo = teamPath(team.uuid)
  switch (pick) {
    case 'permissions':
      return (
        <PickerDialog
          title={t('accessKit.permissions.pickerTitle', { name: team.name })}
          closeTo={closeTo}
          intent="grant"
          picker={picker}
          searchLabel={t('accessKit.permissions.search')}
          columns={[t('accessKit.permissions.name'), t('accessKit.permissions.description')]}
          emptyText={t('accessKit.permissions.noMatch')}
        />
      )
    case 'ldapGroups':
      return (
        <PickerDialog
          title={t('teamAdmin.groups.ldapPickerTitle', { name: team.name })}
          closeTo={closeTo}
          intent="mapLdap"
          picker={picker}
          searchLabel={t('teamAdmin.groups.ldapSearch')}
          columns={[t('userAdmin.columns.dn')]}
          emptyText={t('teamAdmin.groups.ldapNoMatch')}
          notice={notice ? t(`teamAdmin.groups.ldapNotice.${notice}`) : undefined}
        />
      )
    case 'oidcGroups':
      return (
        <PickerDialog
          title={t('teamAdmin.groups.oidcPickerTitle', { name: team.name })}
          closeTo={closeTo}
          intent="mapOidc"
          picker={picker}
          searchLabel={t('teamAdmin.groups.oidcSearch')}
          columns={[t('teamAdmin.groups.groupName')]}
          emptyText={t('teamAdmin.groups.oidcNoMatch')}
        />
      )
  }
}

export type TeamDialog =
  | { name: 'delete' | 'createKey' }
  | { name: 'comment' | 'expiry' | 'regenerate' | 'removeKey'; publicId: string }

/** The dialogs of a team's page, opened through its URL. */
export function TeamDialogs({
  team,
  dialog,
  today,
  refused,
}: {
  team: Team
  dialog?: TeamDialog
  today: string
  /** The refusal of the form the dialog posted, if the last post was that form. */
  refused: (form: string) => Result
}) {
  const { t } = useTranslation()
  if (!dialog) return null
  const page = teamPath(team.uuid)
  if (dialog.name === 'delete') {
    return (
      <ConfirmDeleteDialog
        title={t('teamAdmin.delete.title')}
        message={t('teamAdmin.delete.message', { name: team.name })}
        consequence={t('teamAdmin.delete.consequence')}
        confirmLabel={t('teamAdmin.delete.confirm')}
        closeTo={page}
        action={page}
      />
    )
  }
  if (dialog.name === 'createKey') {
    return <CreateKeyDialog today={today} lastResult={refused('createKey')} closeTo={page} />
  }
  if (!('publicId' in dialog)) return null
  const apiKey = team.apiKeys.find((key) => key.publicId === dialog.publicId)
  if (!apiKey) return null
  switch (dialog.name) {
    case 'comment':
      return <KeyCommentDialog apiKey={apiKey} lastResult={refused('comment')} closeTo={page} />
    case 'expiry':
      return (
        <KeyExpiryDialog
          apiKey={apiKey}
          today={today}
          lastResult={refused('expiry')}
          closeTo={page}
        />
      )
    case 'regenerate':
      return (
        <ConfirmDeleteDialog
          title={t('teamAdmin.keys.regenerateTitle')}
          message={t('teamAdmin.keys.regenerateMessage', { key: apiKey.maskedKey })}
          confirmLabel={t('teamAdmin.keys.regenerateConfirm')}
          closeTo={page}
          action={page}
          intent="regenerate"
          target={apiKey.publicId}
          icon={<RefreshCw aria-hidden />}
        />
      )
    case 'removeKey':
      return (
        <ConfirmDeleteDialog
          title={t('teamAdmin.keys.removeTitle')}
          message={t('teamAdmin.keys.removeMessage', { key: apiKey.maskedKey })}
          confirmLabel={t('teamAdmin.keys.removeConfirm')}
          closeTo={page}
          action={page}
          intent="removeKey"
          target={apiKey.publicId}
        />
      )
  }
}
