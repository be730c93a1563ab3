import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { PolicyRow } from '~/api/policies.server.ts'
import { cellClass, ListTable, SelectRowCell } from '~/components/list-kit/list-table.tsx'
import { ViolationStateLabel } from './policy-labels.tsx'

/** Limits beyond this many are counted, not listed; the policy's editor shows them all. */
const SHOWN_LIMITS = 3

export const projectLabel = (project: { name: string; version?: string }) =>
  project.version ? `${project.name} ${project.version}` : project.name

const chipClass =
  'inline-block max-w-[14rem] truncate rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground'

function Chips({ label, items }: { label: string; items: string[] }) {
  const { t } = useTranslation()
  if (items.length === 0) return null
  const rest = items.slice(SHOWN_LIMITS)
  return (
    <div className="flex flex-wrap items-center gap-1">
      <span className="text-xs text-muted-foreground">{label}</span>
      <ul className="contents">
        {items.slice(0, SHOWN_LIMITS).map((item) => (
          <li key={item} className={chipClass} title={item}>
            {item}
          </li>
        ))}
      </ul>
      {rest.length > 0 ? (
        <span className="text-xs text-muted-foreground" title={rest.join(', ')}>
          {t('policies.limits.more', { number: rest.length })}
        </span>
      ) : null}
    </div>
  )
}

/** Where a policy applies: everywhere, or the projects and tags it is limited to. */
function LimitsCell({ policy }: { policy: PolicyRow }) {
  const { t } = useTranslation()
  const flags = [
    policy.includeChildren && policy.projects.length > 0 ? t('policies.limits.children') : null,
    policy.onlyLatestProjectVersion ? t('policies.limits.latestOnly') : null,
  ].filter(Boolean)
  return (
    <td className={cellClass}>
      <div className="flex flex-col gap-1">
        {policy.global ? (
          <span className="text-muted-foreground">{t('policies.limits.global')}</span>
        ) : null}
        <Chips label={t('policies.limits.projects')} items={policy.projects.map(projectLabel)} />
        <Chips label={t('policies.limits.tags')} items={policy.tags.map((tag) => tag.name)} />
        {flags.length > 0 ? (
          <span className="text-xs text-muted-foreground">{flags.join(' · ')}</span>
        ) : null}
      </div>
    </td>
  )
}

/**
 * The Policies tab's table: state and name (linking to the policy's editor), operator, number
 * of conditions and limits. Each row's checkbox (`policy`) belongs to the bulk form around it.
 */
export function PolicyTable({
  policies,
  selected,
}: {
  policies: PolicyRow[]
  selected: readonly string[]
}) {
  const { t } = useTranslation()
  return (
    <ListTable
      caption={t('policy.tabs.policies')}
      selectAll={{ name: 'policy', label: t('policies.selectAll') }}
      columns={[
        { key: 'state', label: t('policies.columns.state'), sort: 'violationState' },
        { key: 'name', label: t('policies.columns.name'), sort: 'name' },
        { key: 'operator', label: t('policies.columns.operator'), sort: 'operator' },
        { key: 'conditions', label: t('policies.columns.conditions'), className: 'text-right' },
        { key: 'limits', label: t('policies.columns.limits') },
      ]}
    >
      {policies.map((policy) => (
        <tr key={policy.uuid} className="border-t align-top">
          <SelectRowCell
            name="policy"
            value={policy.uuid}
            label={t('policies.selectRow', { name: policy.name })}
            defaultChecked={selected.includes(policy.uuid)}
          />
          <td className={cellClass}>
            <ViolationStateLabel state={policy.violationState} />
          </td>
          <td className={cellClass}>
            <Link
              to={`/policy/${policy.uuid}`}
              className="break-words font-medium text-primary hover:underline"
            >
              {policy.name}
            </Link>
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>
            {t(`policies.operator.${policy.operator}`)}
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>
            {policy.policyConditions.length}
          </td>
          <LimitsCell policy={policy} />
        </tr>
      ))}
    </ListTable>
  )
}
