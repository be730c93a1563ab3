import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { PolicyViolation } from '~/api/violations.server.ts'
import { ComponentLink, SuppressedCell } from '~/components/findings/cells.tsx'
import { licensePath } from '~/components/licenses/paths.ts'
import {
  cellClass,
  ListTable,
  Truncated,
  type ListColumn,
} from '~/components/list-kit/list-table.tsx'
import { formatDate } from '~/utils/date.ts'
import { cn } from '~/utils/misc.ts'
import { ViolationStateLabel } from '~/components/policies/policy-labels.tsx'
import { RiskTypeLabel, ViolationAnalysisLabel } from './labels.tsx'

/**
 * Columns shown from 2xl on, and long names cut, so the list fits 1366 px beside the Filters
 * panel (decision 009).
 */
const SECONDARY = 'hidden 2xl:table-cell'

const COLUMNS: Array<Omit<ListColumn, 'label'> & { labelKey: string }> = [
  {
    key: 'state',
    labelKey: 'violations.columns.state',
    sort: 'policyCondition.policy.violationState',
  },
  { key: 'type', labelKey: 'violations.columns.type', sort: 'type', className: SECONDARY },
  { key: 'policy', labelKey: 'violations.columns.policy', sort: 'policyCondition.policy.name' },
  { key: 'component', labelKey: 'violations.columns.component', sort: 'component.name' },
  { key: 'project', labelKey: 'violations.columns.project', sort: 'project.name' },
  {
    key: 'timestamp',
    labelKey: 'violations.columns.occurredOn',
    sort: 'timestamp',
    className: SECONDARY,
  },
  { key: 'analysis', labelKey: 'violations.columns.analysis', sort: 'analysis.analysisState' },
  {
    key: 'suppressed',
    labelKey: 'violations.columns.suppressed',
    sort: 'analysis.suppressed',
    className: SECONDARY,
  },
  {
    key: 'license',
    labelKey: 'violations.columns.license',
    sort: 'component.license',
    className: SECONDARY,
  },
]

/** The resolved license's id linking to its page, else the component's own license text. */
function LicenseCell({ component }: { component: PolicyViolation['component'] }) {
  const resolved = component.resolvedLicense
  if (resolved) {
    return (
      <Link
        to={licensePath(resolved.licenseId)}
        title={resolved.name}
        className="whitespace-nowrap text-primary hover:underline"
      >
        {resolved.licenseId}
      </Link>
    )
  }
  return <Truncated text={component.license} />
}

/**
 * Where a violation is audited: its project's tab, searching its component, with its row open
 * (suppressed ones shown when it is one).
 */
export function auditHref(violation: PolicyViolation) {
  const search = new URLSearchParams({
    searchText: violation.component.name,
    expanded: violation.uuid,
    pageSize: '100',
  })
  if (violation.analysis?.isSuppressed) search.set('suppressed', '1')
  return `/projects/${violation.project.uuid}/policyViolations?${search}`
}

/** Policy violations across the portfolio (§18): no detail panel; decisions live on the project. */
export function ViolationAuditTable({ violations }: { violations: PolicyViolation[] }) {
  const { t, i18n } = useTranslation()
  const columns = COLUMNS.map(({ labelKey, ...column }) => ({ ...column, label: t(labelKey) }))
  return (
    <ListTable caption={t('pages.policyViolationAudit')} columns={columns}>
      {violations.map((violation) => {
        const { component, project, policyCondition, analysis } = violation
        const projectLabel = project.version ? `${project.name} ${project.version}` : project.name
        return (
          <tr key={violation.uuid} className="border-t align-top">
            <td className={cellClass}>
              <ViolationStateLabel state={policyCondition.policy.violationState} />
            </td>
            <td className={cn(cellClass, SECONDARY)}>
              <RiskTypeLabel type={violation.type} />
            </td>
            <td className={cellClass}>
              <Truncated text={policyCondition.policy.name} className="max-w-[10rem]" />
            </td>
            <td className={cellClass}>
              <ComponentLink
                projectUuid={project.uuid}
                component={component}
                withVersion
                truncate
              />
            </td>
            <td className={cellClass}>
              <Link
                to={`/projects/${project.uuid}`}
                title={projectLabel}
                className="block max-w-[10rem] truncate text-primary hover:underline"
              >
                {projectLabel}
              </Link>
            </td>
            <td className={cn(cellClass, SECONDARY, 'whitespace-nowrap')}>
              {formatDate(violation.timestamp, i18n.language)}
            </td>
            <td className={cellClass}>
              <Link
                to={auditHref(violation)}
                title={t('violations.audit.open')}
                // `relative`: the screen-reader text must not escape the table's scroll box.
                className="relative text-primary hover:underline"
              >
                <ViolationAnalysisLabel state={analysis?.analysisState} />
                <span className="sr-only">
                  {' – '}
                  {t('violations.audit.openOf', {
                    policy: policyCondition.policy.name,
                    component: component.name,
                  })}
                </span>
              </Link>
              {analysis?.isSuppressed ? (
                // The Suppressed column only shows from 2xl on; below, the state says it.
                <span className="ml-2 whitespace-nowrap rounded bg-muted px-1.5 py-0.5 text-xs 2xl:hidden">
                  {t('findings.yes')}
                </span>
              ) : null}
            </td>
            <td className={cn(cellClass, SECONDARY)}>
              <SuppressedCell value={analysis?.isSuppressed} />
            </td>
            <td className={cn(cellClass, SECONDARY)}>
              <LicenseCell component={component} />
            </td>
          </tr>
        )
      })}
    </ListTable>
  )
}
