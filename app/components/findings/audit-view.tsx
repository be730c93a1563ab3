import { useSearchParams } from '@remix-run/react'
import { Download } from 'lucide-react'
import { type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { Button } from '~/components/ui/button.tsx'
import { AuditFilters } from './audit-filters.tsx'
import type { AuditParams } from './audit-params.ts'

/** The CSV of what the view shows: the same filters and sort, every page. */
function csvHref(view: AuditParams['view'], current: URLSearchParams) {
  const search = new URLSearchParams(current)
  search.delete('page')
  search.delete('pageSize')
  if (view === 'grouped') search.set('view', 'grouped')
  return `/resources/audit-csv?${search}`
}

/**
 * An audit tab's frame: the Filters panel on the left (on top on narrow screens), then the
 * result count with the CSV download, the bulk audit form if any, the table and the pager.
 */
export function AuditViewLayout({
  params,
  filtered,
  total,
  empty,
  bulk,
  children,
}: {
  params: AuditParams
  filtered: boolean
  total: number
  empty: boolean
  bulk?: ReactNode
  children: ReactNode
}) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]">
      <AuditFilters params={params} filtered={filtered} />
      <div className="flex min-w-0 flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-muted-foreground" role="status">
            {t('vulnerabilityAudit.count', { count: total })}
          </p>
          {empty ? null : (
            <Button asChild variant="outline" size="sm">
              <a href={csvHref(params.view, searchParams)} download>
                <Download aria-hidden />
                {t('vulnerabilityAudit.downloadCsv')}
              </a>
            </Button>
          )}
        </div>
        {bulk && !empty ? bulk : null}
        {empty ? (
          <EmptyList>
            <p className="font-medium">
              {filtered ? t('vulnerabilityAudit.noMatch') : t('vulnerabilityAudit.empty')}
            </p>
          </EmptyList>
        ) : (
          children
        )}
        <Pager
          total={total}
          page={params.page}
          pageSize={params.pageSize}
          label={t('vulnerabilityAudit.pagination')}
          showingKey="vulnerabilityAudit.showing"
          pageSizeParam="pageSize"
          idPrefix={`audit-${params.view}`}
        />
      </div>
    </div>
  )
}
