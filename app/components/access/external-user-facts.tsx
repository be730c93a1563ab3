import { useTranslation } from 'react-i18next'
import { FactsSection } from '~/components/facts-section.tsx'
import { formatDate } from '~/utils/date.ts'

/**
 * What Lookout knows of an LDAP or OpenID Connect user: the DN or subject, the email, and
 * (beyond 4.13, DT#5023) the groups the directory or identity provider last reported and when,
 * which explain the user's team memberships when groups are mapped to teams.
 */
export function ExternalUserFacts({
  kind,
  user,
}: {
  kind: 'ldap' | 'oidc'
  user: {
    dn?: string
    subjectIdentifier?: string
    email?: string
    lastSeenGroups?: string[]
    lastSeenGroupsAt?: number
  }
}) {
  const { t, i18n } = useTranslation()
  const identity = kind === 'ldap' ? user.dn : user.subjectIdentifier
  const groups = user.lastSeenGroups
  return (
    <FactsSection
      id="user-facts"
      title={t('userAdmin.facts.title')}
      facts={[
        [
          kind === 'ldap' ? t('userAdmin.columns.dn') : t('userAdmin.columns.subject'),
          <span key="identity" className="font-mono text-xs">
            {identity ?? t(`userAdmin.facts.${kind}NoIdentity`)}
          </span>,
        ],
        [t('userAdmin.fields.email'), user.email],
        [
          t('userAdmin.facts.lastSeenGroups'),
          groups === undefined ? (
            <span className="text-muted-foreground">{t(`userAdmin.facts.${kind}NeverSeen`)}</span>
          ) : (
            <div className="flex flex-col gap-2">
              {groups.length === 0 ? (
                <span>{t('userAdmin.facts.noGroups')}</span>
              ) : (
                <ul className="flex flex-col gap-1 font-mono text-xs">
                  {groups.map((group) => (
                    <li key={group}>{group}</li>
                  ))}
                </ul>
              )}
              {user.lastSeenGroupsAt ? (
                <span className="text-xs text-muted-foreground">
                  {t('userAdmin.facts.seenAt', {
                    date: formatDate(user.lastSeenGroupsAt, i18n.language, { withTime: true }),
                  })}
                </span>
              ) : null}
            </div>
          ),
        ],
      ]}
    />
  )
}
