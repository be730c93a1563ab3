import type { SubmissionResult } from '@conform-to/react'
import { Link, useSearchParams } from '@remix-run/react'
import { UserPlus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { UserKind } from '~/api/access.server.ts'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { listHref } from '~/components/list-kit/url-state.ts'
import { Button } from '~/components/ui/button.tsx'
import { CreateExternalUserDialog, CreateManagedUserDialog } from './create-user-dialogs.tsx'
import { PageHeader } from './page-header.tsx'
import { UsersTable, type UserListRow } from './users-table.tsx'

/** What a user list's loader answers. */
export interface UserListData {
  rows: UserListRow[]
  total: number
  params: { searchText?: string; page: number; pageSize: number }
  creating: boolean
  constraint: Record<string, { required?: boolean; maxLength?: number }>
}

/**
 * Managed, LDAP and OpenID Connect Users (§19.7): Create User (its dialog when the URL opens
 * it), search, the table and its pages.
 */
export function UserListPage({
  kind,
  data,
  lastResult,
}: {
  kind: UserKind
  data: UserListData
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const { rows, total, params } = data
  const closeTo = listHref(searchParams, {})
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader
        title={t(`admin.pages.${kind}Users`)}
        intro={t(`userAdmin.${kind}.intro`)}
        actions={
          <Button asChild>
            <Link to={`${closeTo}&create`} preventScrollReset>
              <UserPlus aria-hidden />
              {t('userAdmin.create.open')}
            </Link>
          </Button>
        }
      />
      <ListToolbar
        idPrefix={`${kind}-users`}
        searchLabel={t(`userAdmin.${kind}.search`)}
        searchValue={params.searchText}
        boxed
      />
      {rows.length === 0 ? (
        <EmptyList>
          {params.searchText ? t('userAdmin.noMatch') : t(`userAdmin.${kind}.empty`)}
        </EmptyList>
      ) : (
        <UsersTable kind={kind} rows={rows} />
      )}
      <Pager
        total={total}
        page={params.page}
        pageSize={params.pageSize}
        label={t('userAdmin.pagination')}
        showingKey="userAdmin.showing"
        pageSizeParam="pageSize"
        idPrefix={`${kind}-users`}
      />
      {data.creating && kind === 'managed' ? (
        <CreateManagedUserDialog
          constraint={data.constraint}
          lastResult={lastResult}
          closeTo={closeTo}
        />
      ) : data.creating ? (
        <CreateExternalUserDialog
          title={t(`userAdmin.${kind}.createTitle`)}
          hint={t(`userAdmin.${kind}.createHint`)}
          constraint={data.constraint}
          lastResult={lastResult}
          closeTo={closeTo}
        />
      ) : null}
    </div>
  )
}
