import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { cellClass, ListTable } from '~/components/list-kit/list-table.tsx'
import { teamPath } from './paths.ts'

/** The Teams list: name (to the team's page), number of API keys, number of members. */
export function TeamsTable({
  rows,
}: {
  rows: Array<{ uuid: string; name: string; apiKeys: number; members: number }>
}) {
  const { t } = useTranslation()
  return (
    <ListTable
      caption={t('teamAdmin.caption')}
      columns={[
        { key: 'name', label: t('teamAdmin.columns.name'), sort: 'name' },
        {
          key: 'apiKeys',
          label: t('teamAdmin.columns.apiKeys'),
          sort: 'apiKeys',
          className: 'text-right',
        },
        {
          key: 'members',
          label: t('teamAdmin.columns.members'),
          sort: 'members',
          className: 'text-right',
        },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.uuid} className="border-t">
          <td className={cellClass}>
            <Link
              to={teamPath(row.uuid)}
              className="font-medium text-primary [overflow-wrap:anywhere] hover:underline"
            >
              {row.name}
            </Link>
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>{row.apiKeys}</td>
          <td className={`${cellClass} text-right tabular-nums`}>{row.members}</td>
        </tr>
      ))}
    </ListTable>
  )
}
