import { useTranslation } from 'react-i18next'
import type { Permission } from '~/api/access.server.ts'
import { teamPath } from './paths.ts'
import { RemovableList } from './removable-list.tsx'

/**
 * A user's Team Membership list (all three user pages): each team links to its page and can be
 * left; the picker adds more. Posts `leaveTeam` with the team's UUID.
 */
export function TeamMembershipEditor({
  username,
  teams,
  addTo,
}: {
  username: string
  teams: Array<{ uuid: string; name: string }>
  addTo: string
}) {
  const { t } = useTranslation()
  return (
    <RemovableList
      id="memberships"
      title={t('accessKit.teams.title')}
      description={t('accessKit.teams.description')}
      intent="leaveTeam"
      emptyText={t('accessKit.teams.empty')}
      add={{ to: addTo, label: t('accessKit.teams.add') }}
      items={teams.map((team) => ({
        value: team.uuid,
        label: team.name,
        href: teamPath(team.uuid),
        removeLabel: t('accessKit.teams.remove', { team: team.name, user: username }),
      }))}
    />
  )
}

/**
 * The permissions granted directly to a user or to a team, each with its description and a
 * Remove button (posts `revoke` with the name); the picker grants more. For a user, `inherited`
 * lists what its teams add, so it is clear why revoking here may change nothing.
 */
export function PermissionEditor({
  subject,
  permissions,
  addTo,
  inherited,
}: {
  /** The user's name or the team's, for the buttons' accessible names. */
  subject: string
  permissions: Permission[]
  addTo: string
  inherited?: Array<{ name: string; teams: string[] }>
}) {
  const { t } = useTranslation()
  return (
    <RemovableList
      id="permissions"
      title={t('accessKit.permissions.title')}
      intent="revoke"
      monospace
      emptyText={t('accessKit.permissions.empty')}
      add={{ to: addTo, label: t('accessKit.permissions.add') }}
      items={permissions.map((permission) => ({
        value: permission.name,
        label: permission.name,
        detail: permission.description,
        removeLabel: t('accessKit.permissions.remove', {
          permission: permission.name,
          subject,
        }),
      }))}
    >
      {inherited && inherited.length > 0 ? (
        <div className="flex flex-col gap-1 text-sm">
          <h3 className="font-medium">{t('accessKit.permissions.inheritedTitle')}</h3>
          <ul className="flex flex-wrap gap-1.5">
            {inherited.map((permission) => (
              <li
                key={permission.name}
                className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground"
                title={t('accessKit.permissions.through', { teams: permission.teams.join(', ') })}
              >
                {permission.name}
                <span className="sr-only">
                  {' '}
                  {t('accessKit.permissions.through', { teams: permission.teams.join(', ') })}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </RemovableList>
  )
}
