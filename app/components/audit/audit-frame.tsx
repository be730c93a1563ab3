import { Download } from 'lucide-react'
import { type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { Button } from '~/components/ui/button.tsx'

/**
 * A portfolio audit view's frame: the Filters panel on the left (on top on narrow screens),
 * then the result count with the CSV download of the whole filtered view, an optional bulk
 * form, the table (or what an empty result means) and the pager.
 */
export function AuditFrame({
  filters,
  total,
  csvHref,
  bulk,
  emptyText,
  page,
  pageSize,
  pagerLabel,
  idPrefix,
  children,
}: {
  filters: ReactNode
  total: number
  csvHref: string
  bulk?: ReactNode
  /** Shown instead of the table when this page has no rows. */
  emptyText?: string
  page: number
  pageSize: number
  pagerLabel: string
  idPrefix: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  const empty = emptyText !== undefined
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
      {filters}
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" role="status">
            {t('vulnerabilityAudit.count', { count: total })}
          </p>
          {empty ? null : (
            <Button asChild variant="outline" size="sm">
              <a href={csvHref} download>
                <Download aria-hidden />
                {t('vulnerabilityAudit.downloadCsv')}
              </a>
            </Button>
          )}
        </div>
        {bulk && !empty ? bulk : null}
        {empty ? (
          <EmptyList>
            <p className="font-medium">{emptyText}</p>
          </EmptyList>
        ) : (
          children
        )}
        <Pager
          total={total}
          page={page}
          pageSize={pageSize}
          label={pagerLabel}
          showingKey="vulnerabilityAudit.showing"
          pageSizeParam="pageSize"
          idPrefix={idPrefix}
        />
      </div>
    </div>
  )
}

/** The CSV address of what a view shows: the same filters and sort, every page. */
export function csvHrefFor(base: string, current: URLSearchParams, extra?: Record<string, string>) {
  const search = new URLSearchParams(current)
  search.delete('page')
  search.delete('pageSize')
  for (const [key, value] of Object.entries(extra ?? {})) search.set(key, value)
  return `${base}?${search}`
}
