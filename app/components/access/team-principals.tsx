import { useTranslation } from 'react-i18next'
import type { Team } from '~/api/access.server.ts'
import { userPath } from './paths.ts'
import { RemovableList } from './removable-list.tsx'

/**
 * A team's Mapped LDAP Groups and Mapped OpenID Connect Groups (§19.7): when group
 * synchronisation is on, a user who signs in with one of these groups joins the team.
 */
export function MappedGroups({ team, page }: { team: Team; page: string }) {
  const { t } = useTranslation()
  return (
    <>
      <RemovableList
        id="ldap-groups"
        title={t('teamAdmin.groups.ldapTitle')}
        description={t('teamAdmin.groups.ldapDescription')}
        intent="unmapLdap"
        monospace
        emptyText={t('teamAdmin.groups.ldapEmpty')}
        add={{ to: `${page}?pick=ldapGroups`, label: t('teamAdmin.groups.ldapAdd') }}
        items={team.mappedLdapGroups.map((mapping) => ({
          value: mapping.uuid,
          label: mapping.dn,
          removeLabel: t('teamAdmin.groups.unmap', { group: mapping.dn, team: team.name }),
        }))}
      />
      <RemovableList
        id="oidc-groups"
        title={t('teamAdmin.groups.oidcTitle')}
        description={t('teamAdmin.groups.oidcDescription')}
        intent="unmapOidc"
        emptyText={t('teamAdmin.groups.oidcEmpty')}
        add={{ to: `${page}?pick=oidcGroups`, label: t('teamAdmin.groups.oidcAdd') }}
        items={team.mappedOidcGroups.map((mapping) => ({
          value: mapping.uuid,
          label: mapping.group.name,
          removeLabel: t('teamAdmin.groups.unmap', { group: mapping.group.name, team: team.name }),
        }))}
      />
    </>
  )
}

const KINDS = [
  ['managedUsers', 'managed'],
  ['ldapUsers', 'ldap'],
  ['oidcUsers', 'oidc'],
] as const

/**
 * The team's members, one list per kind of user as in 4.13 (only kinds the team has). Members
 * are added from the user pages, so each links there; Remove takes the user out of the team.
 */
export function TeamMembers({ team }: { team: Team }) {
  const { t } = useTranslation()
  const kinds = KINDS.filter(([field]) => team[field].length > 0)
  if (kinds.length === 0) {
    return (
      <section aria-labelledby="members-title" className="rounded-lg border bg-card p-5">
        <h2 id="members-title" className="mb-2 text-lg font-semibold">
          {t('teamAdmin.members.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('teamAdmin.members.empty')}</p>
      </section>
    )
  }
  return (
    <>
      {kinds.map(([field, kind]) => (
        <RemovableList
          key={kind}
          id={`${kind}-members`}
          title={t(`admin.pages.${kind}Users`)}
          intent="removeMember"
          emptyText=""
          items={team[field].map((member) => ({
            value: member.username,
            label: member.username,
            href: userPath(kind, member.username),
            detail: member.fullname ?? member.dn ?? member.email,
            removeLabel: t('teamAdmin.members.remove', {
              username: member.username,
              team: team.name,
            }),
          }))}
        />
      ))}
    </>
  )
}
