import { type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '~/utils/date.ts'

/** One labelled fact of an audit panel (inside a `<dl>`). */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
        {label}
      </dt>
      <dd className="text-sm">{children}</dd>
    </div>
  )
}

export interface TrailEntry {
  timestamp: number
  comment: string
  commenter?: string
}

/**
 * An audit trail, oldest entry first: who (absent for API keys) and when, then what. Without
 * entries it says no decision was recorded yet.
 */
export function AuditTrail({ comments }: { comments: readonly TrailEntry[] | undefined }) {
  const { t, i18n } = useTranslation()
  if (!comments?.length) {
    return <p className="text-sm text-muted-foreground">{t('findings.audit.noTrail')}</p>
  }
  return (
    <ol className="flex max-h-56 flex-col gap-2 overflow-y-auto rounded-md border bg-background p-3 text-sm">
      {comments.map((entry, index) => (
        <li key={`${entry.timestamp}-${index}`}>
          <p className="text-xs text-muted-foreground">
            {[entry.commenter, formatDate(entry.timestamp, i18n.language, { withTime: true })]
              .filter(Boolean)
              .join(' – ')}
          </p>
          <p className="whitespace-pre-wrap">{entry.comment}</p>
        </li>
      ))}
    </ol>
  )
}
