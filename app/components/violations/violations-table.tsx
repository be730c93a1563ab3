import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { PolicyViolation } from '~/api/violations.server.ts'
import { ExpandToggleCell, PanelRow } from '~/components/audit/expandable-row.tsx'
import { ComponentLink, SuppressedCell } from '~/components/findings/cells.tsx'
import { cellClass, ListTable, type ListColumn } from '~/components/list-kit/list-table.tsx'
import { formatDate } from '~/utils/date.ts'
import { cn } from '~/utils/misc.ts'
import { ViolationStateLabel } from '~/components/policies/policy-labels.tsx'
import { RiskTypeLabel, ViolationAnalysisLabel } from './labels.tsx'

const COLUMNS: Array<Omit<ListColumn, 'label'> & { labelKey: string }> = [
  {
    key: 'state',
    labelKey: 'violations.columns.state',
    sort: 'policyCondition.policy.violationState',
  },
  { key: 'type', labelKey: 'violations.columns.type', sort: 'type' },
  { key: 'policy', labelKey: 'violations.columns.policy', sort: 'policyCondition.policy.name' },
  { key: 'component', labelKey: 'violations.columns.component', sort: 'component.name' },
  { key: 'timestamp', labelKey: 'violations.columns.occurredOn', sort: 'timestamp' },
  { key: 'analysis', labelKey: 'violations.columns.analysis', sort: 'analysis.analysisState' },
  { key: 'suppressed', labelKey: 'violations.columns.suppressed', sort: 'analysis.suppressed' },
]

/**
 * A project's policy violations (§7.10). Each row opens through the URL (`expanded=<uuid>`)
 * into the violation panel (`panel`), which the loader renders, so it works without JavaScript.
 */
export function ViolationsTable({
  projectUuid,
  violations,
  caption,
  expanded,
  panel,
}: {
  projectUuid: string
  violations: PolicyViolation[]
  caption: string
  expanded?: string
  panel?: ReactNode
}) {
  const { t, i18n } = useTranslation()
  const columns: ListColumn[] = [
    { key: 'expand', label: t('findings.columns.details'), className: 'w-10' },
    ...COLUMNS.map(({ labelKey, ...column }) => ({ ...column, label: t(labelKey) })),
  ]
  return (
    <div className="w-full [container-type:inline-size]">
      <ListTable caption={caption} columns={columns}>
        {violations.map((violation) => {
          const { component, policyCondition, analysis } = violation
          const isOpen = expanded === violation.uuid.toLowerCase()
          const label = `${policyCondition.policy.name}: ${component.name}`
          return (
            <Fragment key={violation.uuid}>
              <tr className={cn('border-t align-top', isOpen && 'bg-muted/40')}>
                <ExpandToggleCell
                  open={isOpen}
                  rowKey={violation.uuid}
                  label={t(isOpen ? 'findings.collapse' : 'findings.expand', { label })}
                />
                <td className={cellClass}>
                  <ViolationStateLabel state={policyCondition.policy.violationState} />
                </td>
                <td className={cellClass}>
                  <RiskTypeLabel type={violation.type} />
                </td>
                <td className={cellClass}>{policyCondition.policy.name}</td>
                <td className={cellClass}>
                  <ComponentLink projectUuid={projectUuid} component={component} withVersion />
                </td>
                <td className={cn(cellClass, 'whitespace-nowrap')}>
                  {formatDate(violation.timestamp, i18n.language)}
                </td>
                <td className={cellClass}>
                  <ViolationAnalysisLabel state={analysis?.analysisState} />
                </td>
                <td className={cellClass}>
                  <SuppressedCell value={analysis?.isSuppressed} />
                </td>
              </tr>
              {isOpen && panel ? <PanelRow span={columns.length}>{panel}</PanelRow> : null}
            </Fragment>
          )
        })}
      </ListTable>
    </div>
  )
}
