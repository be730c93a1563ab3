import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { UserKind } from '~/api/access.server.ts'
import {
  cellClass,
  ListTable,
  Truncated,
  type ListColumn,
} from '~/components/list-kit/list-table.tsx'
import { userPath } from './paths.ts'

export interface UserListRow {
  username: string
  fullname?: string
  email?: string
  identity?: string
  teams: number
}

/**
 * A user list (§19.7): username linking to the row editor, then the kind's own columns —
 * full name and email for managed users, the DN for LDAP users, the subject for OpenID Connect
 * users — and the number of teams. Every column sorts.
 */
export function UsersTable({ kind, rows }: { kind: UserKind; rows: UserListRow[] }) {
  const { t } = useTranslation()
  const columns: ListColumn[] = [
    { key: 'username', label: t('userAdmin.columns.username'), sort: 'username' },
    ...(kind === 'managed'
      ? [
          { key: 'fullname', label: t('userAdmin.columns.fullname'), sort: 'fullname' },
          { key: 'email', label: t('userAdmin.columns.email'), sort: 'email' },
        ]
      : [
          {
            key: 'identity',
            label: kind === 'ldap' ? t('userAdmin.columns.dn') : t('userAdmin.columns.subject'),
            sort: 'identity',
          },
        ]),
    { key: 'teams', label: t('userAdmin.columns.teams'), sort: 'teams', className: 'text-right' },
  ]
  return (
    <ListTable caption={t(`userAdmin.${kind}.caption`)} columns={columns}>
      {rows.map((row) => (
        <tr key={row.username} className="border-t">
          <td className={cellClass}>
            <Link
              to={userPath(kind, row.username)}
              className="font-medium text-primary [overflow-wrap:anywhere] hover:underline"
            >
              {row.username}
            </Link>
          </td>
          {kind === 'managed' ? (
            <>
              <td className={cellClass}>
                <Truncated text={row.fullname} />
              </td>
              <td className={cellClass}>
                <Truncated text={row.email} />
              </td>
            </>
          ) : (
            <td className={`${cellClass} font-mono text-xs`}>
              <Truncated text={row.identity} className="max-w-[28rem]" />
            </td>
          )}
          <td className={`${cellClass} text-right tabular-nums`}>{row.teams}</td>
        </tr>
      ))}
    </ListTable>
  )
}
