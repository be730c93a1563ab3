import { useSearchParams } from '@remix-run/react'
import { type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { AuditFrame, csvHrefFor } from '~/components/audit/audit-frame.tsx'
import { AuditFilters } from './audit-filters.tsx'
import type { AuditParams } from './audit-params.ts'

/** A vulnerability audit tab's frame (§17): its filters, count, CSV, bulk form, table and pager. */
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
    <AuditFrame
      filters={<AuditFilters params={params} filtered={filtered} />}
      total={total}
      csvHref={csvHrefFor(
        '/resources/audit-csv',
        searchParams,
        params.view === 'grouped' ? { view: 'grouped' } : undefined,
      )}
      bulk={bulk}
      emptyText={
        empty
          ? filtered
            ? t('vulnerabilityAudit.noMatch')
            : t('vulnerabilityAudit.empty')
          : undefined
      }
      page={params.page}
      pageSize={params.pageSize}
      pagerLabel={t('vulnerabilityAudit.pagination')}
      idPrefix={`audit-${params.view}`}
    >
      {children}
    </AuditFrame>
  )
}
