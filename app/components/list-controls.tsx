import { Form, Link, useSearchParams, useSubmit } from '@remix-run/react'
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { listUrl } from '~/components/projects/list-url.ts'
import { Button } from '~/components/ui/button.tsx'
import { cn } from '~/utils/misc.ts'
import { PAGE_SIZES } from '~/utils/portfolio.ts'

/** Controls of the URL-driven lists: sortable headers, select-all, paging. */

export const headerCellClass = 'whitespace-nowrap px-3 py-2 font-medium'

/** A column header that sorts through the URL: first ascending, then descending. */
export function SortHeader({
  label,
  column,
  sortParam = 'sortName',
  orderParam = 'sortOrder',
  pageParam = 'page',
  className,
}: {
  label: string
  column: string
  sortParam?: string
  orderParam?: string
  pageParam?: string
  className?: string
}) {
  const [searchParams] = useSearchParams()
  const active = searchParams.get(sortParam) === column
  const order = searchParams.get(orderParam) === 'desc' ? 'desc' : 'asc'
  const Icon = active ? (order === 'asc' ? ArrowUp : ArrowDown) : ChevronsUpDown
  return (
    <th
      scope="col"
      className={cn(headerCellClass, className)}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link
        to={listUrl(searchParams, {
          [sortParam]: column,
          [orderParam]: active && order === 'asc' ? 'desc' : 'asc',
          [pageParam]: undefined,
        })}
        preventScrollReset
        replace
        className="inline-flex items-center gap-1 rounded hover:text-foreground"
      >
        {label}
        <Icon aria-hidden className="size-3" />
      </Link>
    </th>
  )
}

/**
 * The header cell of a checkbox column. Without JavaScript it only names the column; with it, a
 * checkbox (de)selects every row checkbox called `name` of its form — the enclosing one, or the
 * one named by `form` when the rows join it through their `form` attribute.
 */
export function SelectAllHeader({
  name,
  label,
  form,
}: {
  name: string
  label: string
  form?: string
}) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <th scope="col" className={cn(headerCellClass, 'w-10')}>
      {hydrated ? (
        <input
          type="checkbox"
          aria-label={label}
          className="size-4 align-middle"
          form={form}
          onChange={(event) => {
            const { checked, form: owner } = event.currentTarget
            // form.elements includes controls associated through their form attribute.
            for (const element of owner?.elements ?? []) {
              if (element instanceof HTMLInputElement && element.name === name) {
                element.checked = checked
              }
            }
          }}
        />
      ) : (
        <span className="sr-only">{label}</span>
      )}
    </th>
  )
}

/** Hidden copies of the current URL's parameters, so a GET form changes only its own fields. */
export function KeepParams({ except }: { except: readonly string[] }) {
  const [searchParams] = useSearchParams()
  return (
    <>
      {[...searchParams.entries()]
        .filter(([key]) => !except.includes(key) && key !== 'create')
        .map(([key, value], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
        ))}
    </>
  )
}

/** "Showing a–b of n", an optional rows-per-page choice and previous/next links, all in the URL. */
export function Pager({
  total,
  page,
  pageSize,
  label,
  showingKey,
  pageParam = 'page',
  pageSizeParam,
  idPrefix,
  dropParams = [],
}: {
  total: number
  page: number
  pageSize: number
  label: string
  /** A translation with first, last and total placeholders. */
  showingKey: string
  pageParam?: string
  /** Offer 10/25/50/100 rows per page, kept in this parameter. */
  pageSizeParam?: string
  idPrefix: string
  /** Parameters (an open dialog) that changing the page size should not carry over. */
  dropParams?: readonly string[]
}) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const submit = useSubmit()
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1
  const last = Math.min(total, page * pageSize)
  const pages = Math.max(1, Math.ceil(total / pageSize))
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>{t(showingKey, { first, last, total })}</p>
      <div className="flex flex-wrap items-center gap-2">
        {pageSizeParam ? (
          <Form method="get" className="flex items-center gap-2" preventScrollReset>
            <KeepParams except={[pageSizeParam, pageParam, ...dropParams]} />
            <label htmlFor={`${idPrefix}-page-size`}>{t('projects.rowsPerPage')}</label>
            <select
              id={`${idPrefix}-page-size`}
              name={pageSizeParam}
              defaultValue={pageSize}
              className="h-9 rounded-md border border-input bg-background px-2"
              onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
            >
              {PAGE_SIZES.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
            <noscript>
              <Button type="submit" size="sm" variant="secondary">
                {t('common.apply')}
              </Button>
            </noscript>
          </Form>
        ) : null}
        {page > 1 ? (
          <Button asChild size="sm" variant="outline">
            <Link to={listUrl(searchParams, { [pageParam]: String(page - 1) })} preventScrollReset>
              {t('projects.previous')}
            </Link>
          </Button>
        ) : null}
        <span aria-current="page">
          {page} / {pages}
        </span>
        {page < pages ? (
          <Button asChild size="sm" variant="outline">
            <Link to={listUrl(searchParams, { [pageParam]: String(page + 1) })} preventScrollReset>
              {t('projects.next')}
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  )
}
