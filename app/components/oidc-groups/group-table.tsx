import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { cellClass, ListTable } from '~/components/list-kit/list-table.tsx'

export interface OidcGroupListRow {
  uuid: string
  name: string
  teams: Array<{ uuid: string; name: string }>
}

/** OpenID Connect groups: the name (to the group's page) and the teams it is mapped to. */
export function OidcGroupTable({
  groups,
  pathOf,
}: {
  groups: OidcGroupListRow[]
  pathOf: (uuid: string) => string
}) {
  const { t } = useTranslation()
  return (
    <ListTable
      caption={t('oidcGroups.title')}
      columns={[
        { key: 'name', label: t('oidcGroups.columns.name'), sort: 'name' },
        { key: 'teams', label: t('oidcGroups.columns.teams') },
      ]}
    >
      {groups.map((group) => (
        <tr key={group.uuid} className="border-t align-top">
          <td className={cellClass}>
            <Link
              to={pathOf(group.uuid)}
              className="font-medium text-primary [overflow-wrap:anywhere] hover:underline"
            >
              {group.name}
            </Link>
          </td>
          <td className={cellClass}>
            {group.teams.length > 0 ? (
              group.teams.map((team) => team.name).join(', ')
            ) : (
              <span className="text-muted-foreground">{t('oidcGroups.noTeams')}</span>
            )}
          </td>
        </tr>
      ))}
    </ListTable>
  )
}
