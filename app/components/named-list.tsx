import type { SubmissionResult } from '@conform-to/react'
import { Link } from '@remix-run/react'
import { Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { CreateNameDialog } from '~/components/name-forms.tsx'
import { Button } from '~/components/ui/button.tsx'

/*
 * Lists of things created by name alone (teams, OpenID Connect groups, license groups). Each family
 * keeps its texts under one key prefix with the same layout: `<keys>.search`, `.noMatch`, `.empty`,
 * `.pagination`, `.showing`, `.create.open`, `.create.title`, `.create.submit`, `.fields.name`.
 */

/** The header's "Create …" link: opens the create dialog in the address (`&create`). */
export function CreateNamedLink({ keys, listHref }: { keys: string; listHref: string }) {
  const { t } = useTranslation()
  return (
    <Button asChild>
      <Link to={`${listHref}&create`} preventScrollReset>
        <Plus aria-hidden />
        {t(`${keys}.create.open`)}
      </Link>
    </Button>
  )
}

/** Search, the rows (or why there are none), the pager and, when asked for, the create dialog. */
export function NamedList({
  keys,
  idPrefix,
  searchText,
  isEmpty,
  children,
  total,
  page,
  pageSize,
  creating,
  constraint,
  lastResult,
  listHref,
}: {
  keys: string
  /** Prefix of the toolbar's and pager's element ids, unique on the page. */
  idPrefix: string
  searchText: string | undefined
  isEmpty: boolean
  /** The table of rows, shown when there are any. */
  children: ReactNode
  total: number
  page: number
  pageSize: number
  creating: boolean
  constraint: Record<string, { required?: boolean; maxLength?: number }>
  lastResult: SubmissionResult<string[]> | undefined
  /** The list's own address (with its search, sort and page), where the dialog closes to. */
  listHref: string
}) {
  const { t } = useTranslation()
  return (
    <>
      <ListToolbar
        idPrefix={idPrefix}
        searchLabel={t(`${keys}.search`)}
        searchValue={searchText}
        boxed
      />
      {isEmpty ? (
        <EmptyList>{searchText ? t(`${keys}.noMatch`) : t(`${keys}.empty`)}</EmptyList>
      ) : (
        children
      )}
      <Pager
        total={total}
        page={page}
        pageSize={pageSize}
        label={t(`${keys}.pagination`)}
        showingKey={`${keys}.showing`}
        pageSizeParam="pageSize"
        idPrefix={`${idPrefix}-pages`}
      />
      {creating ? (
        <CreateNameDialog
          id={`create-${idPrefix}`}
          title={t(`${keys}.create.title`)}
          label={t(`${keys}.fields.name`)}
          submitLabel={t(`${keys}.create.submit`)}
          constraint={constraint}
          lastResult={lastResult}
          closeTo={listHref}
        />
      ) : null}
    </>
  )
}
