import { Form, Link, useSearchParams } from '@remix-run/react'
import { Minus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { UrlDialog } from '~/components/dialog.tsx'
import { Button } from '~/components/ui/button.tsx'
import { EmptyList, ListTable, SelectRowCell } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { listHref } from '~/components/list-kit/url-state.ts'

export type TaggedKind = 'projects' | 'policies' | 'alerts'

export interface TaggedRow {
  uuid: string
  name: string
  version?: string
}

const sortParams = {
  sortParam: 'taggedSortName',
  orderParam: 'taggedSortOrder',
  pageParam: 'taggedPage',
}

const DIALOG_PARAMS = [
  'tagged',
  'tag',
  'taggedSearch',
  'taggedPage',
  'taggedSortName',
  'taggedSortOrder',
]

/** The URL of the tag list without any "… tagged with" dialog. */
export function closeTaggedUrl(searchParams: URLSearchParams) {
  return listHref(searchParams, Object.fromEntries(DIALOG_PARAMS.map((key) => [key, undefined])))
}

/** The URL that opens the dialog listing what carries `tag`. */
export function openTaggedUrl(searchParams: URLSearchParams, kind: TaggedKind, tag: string) {
  return listHref(searchParams, {
    ...Object.fromEntries(DIALOG_PARAMS.map((key) => [key, undefined])),
    tagged: kind,
    tag,
  })
}

/**
 * "Projects / Policies / Alerts tagged with <tag>": a searchable, sortable, paged list; with the
 * right permission, rows can be selected and the tag unassigned from them.
 */
export function TaggedDialog({
  kind,
  tag,
  rows,
  total,
  page,
  pageSize,
  search,
  canUnassign,
}: {
  kind: TaggedKind
  tag: string
  rows: TaggedRow[]
  total: number
  page: number
  pageSize: number
  search: string | undefined
  canUnassign: boolean
}) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  return (
    <UrlDialog
      title={t(`tags.tagged.${kind}.title`, { tag })}
      closeTo={closeTaggedUrl(searchParams)}
    >
      <div className="flex flex-col gap-4">
        <ListToolbar
          label={t('tags.tagged.searchForm')}
          idPrefix="tagged"
          searchLabel={t(`tags.tagged.${kind}.search`)}
          searchValue={search}
          searchParam="taggedSearch"
          pageParam="taggedPage"
        />

        <Form method="post" preventScrollReset className="flex flex-col gap-3">
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="tag" value={tag} />
          {canUnassign ? (
            <div>
              <Button type="submit" name="intent" value="unassign" variant="outline" size="sm">
                <Minus aria-hidden />
                {t('tags.tagged.unassign')}
              </Button>
            </div>
          ) : null}
          {rows.length === 0 ? (
            <EmptyList>
              {search ? t('tags.tagged.noMatch') : t(`tags.tagged.${kind}.empty`)}
            </EmptyList>
          ) : (
            <ListTable
              caption={t(`tags.tagged.${kind}.title`, { tag })}
              selectAll={canUnassign ? { name: 'uuid', label: t('tags.selectAll') } : undefined}
              sortParams={sortParams}
              columns={[
                { key: 'name', label: t('tags.tagged.name'), sort: 'name' },
                ...(kind === 'projects'
                  ? [{ key: 'version', label: t('tags.tagged.version'), sort: 'version' }]
                  : []),
              ]}
            >
              {rows.map((row) => {
                const label = row.version ? `${row.name} ${row.version}` : row.name
                return (
                  <tr key={row.uuid} className="border-t">
                    {canUnassign ? (
                      <SelectRowCell
                        name="uuid"
                        value={row.uuid}
                        label={t('tags.selectRow', { name: label })}
                      />
                    ) : null}
                    <td className="px-3 py-2">
                      {kind === 'projects' ? (
                        <Link
                          to={`/projects/${row.uuid}`}
                          className="font-medium text-primary hover:underline"
                        >
                          {row.name}
                        </Link>
                      ) : (
                        row.name
                      )}
                    </td>
                    {kind === 'projects' ? <td className="px-3 py-2">{row.version}</td> : null}
                  </tr>
                )
              })}
            </ListTable>
          )}
        </Form>
        <Pager
          total={total}
          page={page}
          pageSize={pageSize}
          label={t(`tags.tagged.${kind}.pagination`)}
          showingKey="tags.tagged.showing"
          pageParam="taggedPage"
          idPrefix="tagged"
        />
      </div>
    </UrlDialog>
  )
}
