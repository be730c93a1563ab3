import { Form, Link, useSearchParams, useSubmit } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { listUrl } from '~/components/projects/list-url.ts'
import { Button } from '~/components/ui/button.tsx'
import { PAGE_SIZES } from '~/utils/portfolio.ts'

/** "Showing x to y of z", rows per page and previous/next, all kept in the URL. */
export function ListPagination({
  label,
  page,
  pageSize,
  total,
  showing,
}: {
  label: string
  page: number
  pageSize: number
  total: number
  showing: string
}) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const submit = useSubmit()
  const sizeId = useId()
  const pages = Math.max(1, Math.ceil(total / pageSize))

  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p>{showing}</p>
      <div className="flex items-center gap-2">
        <Form method="get" className="flex items-center gap-2" preventScrollReset>
          {[...searchParams.entries()]
            .filter(([key]) => !['pageSize', 'page', 'details', 'delete'].includes(key))
            .map(([key, value]) => (
              <input key={key} type="hidden" name={key} value={value} />
            ))}
          <label htmlFor={sizeId}>{t('projects.rowsPerPage')}</label>
          <select
            id={sizeId}
            name="pageSize"
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
              {t('projects.apply')}
            </Button>
          </noscript>
        </Form>
        {page > 1 ? (
          <Button asChild size="sm" variant="outline">
            <Link to={listUrl(searchParams, { page: String(page - 1) })} preventScrollReset>
              {t('projects.previous')}
            </Link>
          </Button>
        ) : null}
        <span aria-current="page">
          {page} / {pages}
        </span>
        {page < pages ? (
          <Button asChild size="sm" variant="outline">
            <Link to={listUrl(searchParams, { page: String(page + 1) })} preventScrollReset>
              {t('projects.next')}
            </Link>
          </Button>
        ) : null}
      </div>
    </nav>
  )
}
