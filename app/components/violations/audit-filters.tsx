import { useTranslation } from 'react-i18next'
import { VIOLATION_TEXT_SEARCH_FIELDS, VIOLATION_TYPES } from '../../../common/dt-vocabulary.ts'
import {
  FilterCheck,
  FilterChoices,
  FilterSection,
  FiltersPanel,
  RangeFields,
  TextSearchSection,
} from '~/components/audit/filters-panel.tsx'
import {
  ANALYSIS_FILTERS,
  OCCURRED_ON,
  STATE_FILTERS,
  type ViolationAuditParams,
} from './audit-params.ts'

/**
 * The Filters panel of Policy Violation Audit (§18). The Policies list shows only to those who
 * may read policies (`policies` is undefined otherwise), as in 4.13.
 */
export function ViolationAuditFilters({
  params,
  filtered,
  policies,
}: {
  params: ViolationAuditParams
  filtered: boolean
  policies?: ReadonlyArray<{ uuid: string; name: string }>
}) {
  const { t } = useTranslation()
  const keep = [
    ['sortName', params.sortName],
    ['sortOrder', params.sortName ? params.sortOrder : undefined],
    ['pageSize', params.pageSize === 10 ? undefined : String(params.pageSize)],
  ] as const
  return (
    <FiltersPanel keep={keep} filtered={filtered}>
      <FilterSection legend={t('vulnerabilityAudit.filters.projects')}>
        <FilterCheck
          name="showInactive"
          label={t('vulnerabilityAudit.filters.showInactive')}
          checked={params.showInactive}
        />
      </FilterSection>
      <FilterSection legend={t('vulnerabilityAudit.filters.analysisStatus')}>
        <FilterCheck
          name="suppressed"
          label={t('violations.showSuppressed')}
          checked={params.suppressed}
        />
      </FilterSection>
      <FilterChoices
        legend={t('violations.filters.state')}
        name="violationState"
        values={STATE_FILTERS}
        labelOf={(state) => t(`policies.violationState.${state}`)}
        selected={params.violationState}
      />
      <FilterChoices
        legend={t('violations.columns.type')}
        name="riskType"
        values={VIOLATION_TYPES}
        labelOf={(type) => t(`violations.type.${type}`)}
        selected={params.riskType}
      />
      <FilterChoices
        legend={t('vulnerabilityAudit.filters.analysisState')}
        name="analysisState"
        values={ANALYSIS_FILTERS}
        labelOf={(state) => t(`violations.analysis.${state}`)}
        selected={params.analysisState}
      />
      <RangeFields
        id="audit-occurredOn"
        legend={t('violations.columns.occurredOn')}
        {...OCCURRED_ON}
        typed={params.typed}
        error={params.rangeError ? t(params.rangeError) : undefined}
      />
      <TextSearchSection
        input="textSearchInput"
        field="textSearchField"
        value={params.textSearchInput}
        fields={VIOLATION_TEXT_SEARCH_FIELDS.map((field) => ({
          value: field,
          label: t(`violations.filters.field.${field}`),
          checked: params.textSearchField.includes(field),
        }))}
      />
      {policies?.length ? (
        <FilterSection legend={t('violations.filters.policies')}>
          <div className="flex max-h-60 flex-col gap-1.5 overflow-y-auto">
            {policies.map((policy) => (
              <FilterCheck
                key={policy.uuid}
                name="policy"
                value={policy.uuid}
                label={policy.name}
                checked={params.policy.includes(policy.uuid.toLowerCase())}
              />
            ))}
          </div>
        </FilterSection>
      ) : null}
    </FiltersPanel>
  )
}
