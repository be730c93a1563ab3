import { useState } from 'react'
import { useHydrated } from '~/utils/use-hydrated.ts'
import { useTranslation } from 'react-i18next'
import {
  ANALYSIS_JUSTIFICATIONS,
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
} from '../../../common/dt-vocabulary.ts'
import { DECISION_SCOPES } from './decision-schema.ts'

const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-2 text-sm disabled:opacity-60'
const textareaClass =
  'min-h-[4.5rem] w-full rounded-md border border-input bg-background px-3 py-2 text-sm disabled:opacity-60'

export interface DecisionDefaults {
  analysisState?: string
  analysisJustification?: string
  analysisResponse?: string
  analysisDetails?: string
  isSuppressed?: boolean
}

function Select({
  id,
  name,
  label,
  values,
  labelKey,
  defaultValue,
  disabled,
  onChange,
}: {
  id: string
  name: string
  label: string
  values: readonly string[]
  labelKey: string
  defaultValue?: string
  disabled?: boolean
  onChange?: (value: string) => void
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? 'NOT_SET'}
        disabled={disabled}
        className={selectClass}
        onChange={(event) => onChange?.(event.currentTarget.value)}
      >
        {values.map((value) => (
          <option key={value} value={value}>
            {t(`${labelKey}.${value}`)}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * The decision fields of the audit panel and of bulk audit (AuditDecisionSchema's names). The
 * justification only applies to NOT_AFFECTED: with JavaScript the select is disabled for other
 * states; without it the server ignores it.
 */
export function DecisionFields({
  idPrefix,
  defaults = {},
  withScope = true,
}: {
  idPrefix: string
  defaults?: DecisionDefaults
  withScope?: boolean
}) {
  const { t } = useTranslation()
  const [state, setState] = useState(defaults.analysisState ?? 'NOT_SET')
  const hydrated = useHydrated()
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Select
        id={`${idPrefix}-state`}
        name="analysisState"
        label={t('findings.audit.state')}
        values={ANALYSIS_STATES}
        labelKey="analysis.state"
        defaultValue={defaults.analysisState}
        onChange={setState}
      />
      <Select
        id={`${idPrefix}-justification`}
        name="analysisJustification"
        label={t('findings.audit.justification')}
        values={ANALYSIS_JUSTIFICATIONS}
        labelKey="analysis.justification"
        defaultValue={defaults.analysisJustification}
        disabled={hydrated && state !== 'NOT_AFFECTED'}
      />
      <Select
        id={`${idPrefix}-response`}
        name="analysisResponse"
        label={t('findings.audit.response')}
        values={ANALYSIS_RESPONSES}
        labelKey="analysis.response"
        defaultValue={defaults.analysisResponse}
      />
      {withScope ? (
        <Select
          id={`${idPrefix}-scope`}
          name="scope"
          label={t('findings.audit.scope')}
          values={DECISION_SCOPES}
          labelKey="analysis.scope"
          defaultValue="FINDING"
        />
      ) : null}
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor={`${idPrefix}-details`} className="text-sm font-medium">
          {t('findings.audit.details')}
        </label>
        <textarea
          id={`${idPrefix}-details`}
          name="analysisDetails"
          defaultValue={defaults.analysisDetails ?? ''}
          className={textareaClass}
        />
      </div>
      <div className="flex flex-col gap-1 sm:col-span-2">
        <label htmlFor={`${idPrefix}-comment`} className="text-sm font-medium">
          {t('findings.audit.comment')}
        </label>
        <textarea id={`${idPrefix}-comment`} name="comment" className={textareaClass} />
      </div>
      <label className="flex items-center gap-2 text-sm sm:col-span-2">
        <input
          type="checkbox"
          name="isSuppressed"
          value="on"
          defaultChecked={defaults.isSuppressed === true}
          className="size-4"
        />
        {t('findings.audit.suppress')}
      </label>
    </div>
  )
}
