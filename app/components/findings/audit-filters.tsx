import { useTranslation } from 'react-i18next'
import {
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
  FINDING_TEXT_SEARCH_FIELDS,
} from '../../../common/dt-vocabulary.ts'
import {
  FilterCheck,
  FilterChoices,
  FilterSection,
  FiltersPanel,
  RangeFields,
  TextSearchSection,
} from '~/components/audit/filters-panel.tsx'
import {
  AUDIT_SEVERITIES,
  rangeParams,
  VIEW_RANGES,
  type AuditParams,
  type RangeName,
} from './audit-params.ts'

function Range({ range, params }: { range: RangeName; params: AuditParams }) {
  const { t } = useTranslation()
  const error = params.errors[range]
  return (
    <RangeFields
      id={`audit-${range}`}
      legend={t(`vulnerabilityAudit.filters.${range}`)}
      {...rangeParams(range)}
      typed={params.typed}
      error={error ? t(error) : undefined}
    />
  )
}

/** The Filters panel of the vulnerability audit views (§17.1, §17.2). */
export function AuditFilters({ params, filtered }: { params: AuditParams; filtered: boolean }) {
  const { t } = useTranslation()
  const occurrences = params.view === 'occurrences'
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
      {occurrences ? (
        <FilterSection legend={t('vulnerabilityAudit.filters.analysisStatus')}>
          <FilterCheck
            name="showSuppressed"
            label={t('vulnerabilityAudit.filters.showSuppressed')}
            checked={params.showSuppressed}
          />
        </FilterSection>
      ) : null}
      <FilterChoices
        legend={t('vulnerabilityAudit.filters.severity')}
        name="severity"
        values={AUDIT_SEVERITIES}
        labelOf={(severity) => t(`vulnerabilities.severity.${severity.toUpperCase()}`)}
        selected={params.severity}
      />
      {occurrences ? (
        <>
          <FilterChoices
            legend={t('vulnerabilityAudit.filters.analysisState')}
            name="analysisStatus"
            values={ANALYSIS_STATES}
            labelOf={(state) => t(`analysis.state.${state}`)}
            selected={params.analysisStatus}
          />
          <FilterChoices
            legend={t('vulnerabilityAudit.filters.vendorResponse')}
            name="vendorResponse"
            values={ANALYSIS_RESPONSES}
            labelOf={(response) => t(`analysis.response.${response}`)}
            selected={params.vendorResponse}
          />
        </>
      ) : null}
      {VIEW_RANGES[params.view]
        .filter((range) => range === 'published' || range === 'attributedOn')
        .map((range) => (
          <Range key={range} range={range} params={params} />
        ))}
      <TextSearchSection
        input="textSearchInput"
        field="textSearchField"
        value={params.textSearchInput}
        fields={FINDING_TEXT_SEARCH_FIELDS.map((field) => ({
          value: field.toLowerCase(),
          label: t(`vulnerabilityAudit.filters.field.${field}`),
          checked: params.textSearchField.includes(field),
        }))}
      />
      {VIEW_RANGES[params.view]
        .filter((range) => range !== 'published' && range !== 'attributedOn')
        .map((range) => (
          <Range key={range} range={range} params={params} />
        ))}
    </FiltersPanel>
  )
}
