import { Form, Link, useSearchParams } from '@remix-run/react'
import { Minus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { UrlDialog } from '~/components/dialog.tsx'
import { listUrl } from '~/components/projects/list-url.ts'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { KeepParams, Pager, SelectAllHeader, SortHeader } from '~/components/list-controls.tsx'

export type TaggedKind = 'projects' | 'policies' | 'alerts'

export interface TaggedRow {
  uuid: string
  name: string
  version?: string
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
  return listUrl(searchParams, Object.fromEntries(DIALOG_PARAMS.map((key) => [key, undefined])))
}

/** The URL that opens the dialog listing what carries `tag`. */
export function openTaggedUrl(searchParams: URLSearchParams, kind: TaggedKind, tag: string) {
  return listUrl(searchParams, {
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
  const sortProps = {
    sortParam: 'taggedSortName',
    orderParam: 'taggedSortOrder',
    pageParam: 'taggedPage',
  }
  return (
    <UrlDialog
      title={t(`tags.tagged.${kind}.title`, { tag })}
      closeTo={closeTaggedUrl(searchParams)}
    >
      <div className="flex flex-col gap-4">
        <Form
          method="get"
          role="search"
          aria-label={t('tags.tagged.searchForm')}
          preventScrollReset
          replace
          className="flex flex-wrap items-end gap-3"
        >
          <KeepParams except={['taggedSearch', 'taggedPage']} />
          <div className="flex min-w-[12rem] flex-1 flex-col gap-1">
            <label htmlFor="tagged-search" className="text-sm font-medium">
              {t(`tags.tagged.${kind}.search`)}
            </label>
            <Input
              id="tagged-search"
              type="search"
              name="taggedSearch"
              defaultValue={search ?? ''}
            />
          </div>
          <Button type="submit" variant="secondary">
            {t('common.apply')}
          </Button>
        </Form>

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
            <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground">
              {search ? t('tags.tagged.noMatch') : t(`tags.tagged.${kind}.empty`)}
            </p>
          ) : (
            <div className="overflow-x-auto rounded-lg border">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{t(`tags.tagged.${kind}.title`, { tag })}</caption>
                <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
                  <tr>
                    {canUnassign ? (
                      <SelectAllHeader name="uuid" label={t('tags.selectAll')} />
                    ) : null}
                    <SortHeader label={t('tags.tagged.name')} column="name" {...sortProps} />
                    {kind === 'projects' ? (
                      <SortHeader
                        label={t('tags.tagged.version')}
                        column="version"
                        {...sortProps}
                      />
                    ) : null}
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => {
                    const label = row.version ? `${row.name} ${row.version}` : row.name
                    return (
                      <tr key={row.uuid} className="border-t">
                        {canUnassign ? (
                          <td className="px-3 py-2">
                            <input
                              type="checkbox"
                              name="uuid"
                              value={row.uuid}
                              aria-label={t('tags.selectRow', { name: label })}
                              className="size-4 align-middle"
                            />
                          </td>
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
                </tbody>
              </table>
            </div>
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
