import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { listPortfolioViolations } from '~/api/violations.server.ts'
import { AuditFrame, csvHrefFor } from '~/components/audit/audit-frame.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { ViolationAuditFilters } from '~/components/violations/audit-filters.tsx'
import { ViolationAuditTable } from '~/components/violations/audit-table.tsx'
import { violationAuditView } from './__audit.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, params, data } = await violationAuditView(request, context)
  return json({ ...data, ...(await listPortfolioViolations(api, params)) })
}

export const meta = titleMeta

/** Policy Violation Audit (§18): violations across the portfolio, filtered in the URL, as CSV. */
export default function PolicyViolationAuditRoute() {
  const data = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const { params, violations, total, filtered } = data
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.policyViolationAudit')}</h1>
        <p className="text-sm text-muted-foreground">{t('violations.audit.intro')}</p>
      </header>
      <AuditFrame
        filters={
          <ViolationAuditFilters params={params} filtered={filtered} policies={data.policies} />
        }
        total={total}
        csvHref={csvHrefFor('/policyViolationAudit/csv', searchParams)}
        emptyText={
          violations.length > 0
            ? undefined
            : filtered
              ? t('violations.audit.noMatch')
              : t('violations.audit.empty')
        }
        page={params.page}
        pageSize={params.pageSize}
        pagerLabel={t('violations.pagination')}
        idPrefix="violation-audit"
      >
        <ViolationAuditTable violations={violations} />
      </AuditFrame>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
