import { Form, Link, useSearchParams, useSubmit } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button.tsx'
import { PAGE_SIZES } from '~/utils/portfolio.ts'
import { KeepParams } from './toolbar.tsx'
import { listHref, pageRange } from './url-state.ts'

/** "Showing a to b of n", an optional rows-per-page choice and previous/next links, all in the URL. */
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
  const { first, last, pages } = pageRange(total, page, pageSize)
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>{t(showingKey, { first, last, total })}</p>
      <div className="flex flex-wrap items-center gap-2">
        {pageSizeParam ? (
          <PageSizeSelect
            param={pageSizeParam}
            pageSize={pageSize}
            idPrefix={idPrefix}
            resets={[pageParam, ...dropParams]}
          />
        ) : null}
        {page > 1 ? (
          <Button asChild size="sm" variant="outline">
            <Link to={listHref(searchParams, { [pageParam]: String(page - 1) })} preventScrollReset>
              {t('projects.previous')}
            </Link>
          </Button>
        ) : null}
        <span aria-current="page">
          {page} / {pages}
        </span>
        {page < pages ? (
          <Button asChild size="sm" variant="outline">
            <Link to={listHref(searchParams, { [pageParam]: String(page + 1) })} preventScrollReset>
              {t('projects.next')}
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  )
}

/** Rows per page: a GET form that applies on change with JavaScript and through Apply without. */
export function PageSizeSelect({
  param,
  pageSize,
  idPrefix,
  resets,
}: {
  param: string
  pageSize: number
  idPrefix: string
  /** Parameters a new page size clears (the page number, an open dialog). */
  resets: readonly string[]
}) {
  const { t } = useTranslation()
  const submit = useSubmit()
  return (
    <Form method="get" className="flex items-center gap-2" preventScrollReset>
      <KeepParams except={[param, ...resets]} />
      <label htmlFor={`${idPrefix}-page-size`}>{t('projects.rowsPerPage')}</label>
      <select
        id={`${idPrefix}-page-size`}
        name={param}
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
  )
}
