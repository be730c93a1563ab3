import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { LicenseGroup } from '~/api/licenses.server.ts'
import { cellClass, ListTable } from '~/components/list-kit/list-table.tsx'
import { licenseGroupPath } from './paths.ts'

const COLUMNS = [
  { key: 'name', labelKey: 'licenseGroups.columns.name', sort: 'name' },
  { key: 'count', labelKey: 'licenseGroups.columns.count', className: 'text-right' },
  {
    key: 'licenses',
    labelKey: 'licenseGroups.columns.licenses',
    className: 'hidden lg:table-cell',
  },
  {
    key: 'riskWeight',
    labelKey: 'licenseGroups.columns.riskWeight',
    sort: 'riskWeight',
    className: 'text-right',
  },
]

/** License groups: name (to the group's page), how many licenses, which, and the risk weight. */
export function LicenseGroupTable({ groups }: { groups: LicenseGroup[] }) {
  const { t } = useTranslation()
  return (
    <ListTable
      caption={t('licenseGroups.title')}
      columns={COLUMNS.map(({ labelKey, ...column }) => ({ ...column, label: t(labelKey) }))}
    >
      {groups.map((group) => {
        const ids = group.licenses.map((license) => license.licenseId).join(', ')
        return (
          <tr key={group.uuid} className="border-t align-top">
            <td className={cellClass}>
              <Link
                to={licenseGroupPath(group.uuid)}
                className="font-medium text-primary [overflow-wrap:anywhere] hover:underline"
              >
                {group.name}
              </Link>
            </td>
            <td className={`${cellClass} text-right tabular-nums`}>{group.licenses.length}</td>
            <td className={`${cellClass} hidden lg:table-cell`}>
              {ids ? (
                <span
                  title={ids}
                  className="block max-w-[32rem] truncate font-mono text-xs text-muted-foreground"
                >
                  {ids}
                </span>
              ) : null}
            </td>
            <td className={`${cellClass} text-right tabular-nums`}>{group.riskWeight}</td>
          </tr>
        )
      })}
    </ListTable>
  )
}
