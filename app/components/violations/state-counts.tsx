import { Link, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { PolicyViolationState } from '../../../common/dt-vocabulary.ts'
import { listHref } from '~/components/list-kit/url-state.ts'
import { cn } from '~/utils/misc.ts'
import { ViolationStateLabel } from '~/components/policies/policy-labels.tsx'

const ORDER: readonly PolicyViolationState[] = ['FAIL', 'WARN', 'INFO']

/**
 * 4.13's tab badges (total, fail, warn, info; suppressed violations not counted), as links that
 * show only that state's violations (`violationState` in the address).
 */
export function ViolationStateCounts({
  counts,
  current,
}: {
  counts: Record<PolicyViolationState, number>
  current?: PolicyViolationState
}) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const total = ORDER.reduce((sum, state) => sum + counts[state], 0)
  const chip = (state: PolicyViolationState | undefined, label: React.ReactNode, count: number) => (
    <li key={state ?? 'all'}>
      <Link
        to={listHref(searchParams, { violationState: state, page: undefined, expanded: undefined })}
        preventScrollReset
        aria-current={current === state ? 'true' : undefined}
        className={cn(
          'inline-flex items-center gap-2 rounded-full border px-3 py-1 text-sm hover:bg-muted',
          current === state && 'border-primary bg-muted font-semibold',
        )}
      >
        {label}
        <span className="tabular-nums">{count}</span>
      </Link>
    </li>
  )
  return (
    <nav aria-label={t('violations.counts.label')}>
      <ul className="flex flex-wrap gap-2">
        {chip(undefined, t('violations.counts.all'), total)}
        {ORDER.map((state) => chip(state, <ViolationStateLabel state={state} />, counts[state]))}
      </ul>
    </nav>
  )
}
