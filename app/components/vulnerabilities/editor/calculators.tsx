import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { CvssScoreView, OwaspScoreView } from '../live-scores.ts'
import { ScoreBar } from '../score-bar.tsx'
import { owaspBand } from '../severity.ts'
import {
  CVSS_V2_METRICS,
  CVSS_V3_METRICS,
  OWASP_GROUPS,
  type Choices,
  type Metric,
} from '../vectors.ts'
import { CalculateButton } from './parts.tsx'

/** A metric's values as a row of radio buttons: arrow keys move between them, as usual. */
function MetricRadios({
  field,
  metric,
  chosen,
}: {
  field: string
  metric: Metric
  chosen: string | undefined
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="flex flex-col gap-1.5">
      <legend className="mb-1.5 text-sm font-medium">{t(metric.labelKey)}</legend>
      <div className="flex flex-wrap gap-1">
        {metric.options.map((option) => (
          <label key={option.value} className="cursor-pointer">
            <input
              type="radio"
              name={`${field}.${metric.id}`}
              value={option.value}
              defaultChecked={chosen === option.value}
              className="peer sr-only"
            />
            <span className="inline-flex h-9 items-center rounded-md border border-input bg-background px-3 text-sm peer-checked:border-primary peer-checked:bg-primary peer-checked:font-medium peer-checked:text-primary-foreground peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-disabled:cursor-default peer-disabled:opacity-70">
              {t(option.labelKey)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

function CvssScores({ scores }: { scores: CvssScoreView | undefined }) {
  const { t } = useTranslation()
  return (
    <div className="grid gap-4 rounded-md border bg-muted/30 p-4 sm:grid-cols-3">
      <ScoreBar label={t('vulnerabilities.scores.base')} value={scores?.baseScore} />
      <ScoreBar label={t('vulnerabilities.scores.impact')} value={scores?.impactSubScore} />
      <ScoreBar
        label={t('vulnerabilities.scores.exploitability')}
        value={scores?.exploitabilitySubScore}
      />
    </div>
  )
}

/** The CVSS v2 or v3 calculator: the scores, then one radio row per base metric. */
export function CvssCalculator({
  version,
  choices,
  scores,
  readOnly,
}: {
  version: 'cvssV2' | 'cvssV3'
  choices: Choices
  scores: CvssScoreView | undefined
  readOnly: boolean
}) {
  const { t } = useTranslation()
  const metrics = version === 'cvssV2' ? CVSS_V2_METRICS : CVSS_V3_METRICS
  return (
    <div className="flex flex-col gap-4">
      <CvssScores scores={scores} />
      <fieldset disabled={readOnly} className="grid gap-4 md:grid-cols-2">
        <legend className="sr-only">{t(`vulnerabilities.editor.tabs.${version}`)}</legend>
        {metrics.map((metric) => (
          <MetricRadios
            key={metric.id}
            field={version}
            metric={metric}
            chosen={choices[metric.id]}
          />
        ))}
      </fieldset>
      {readOnly ? null : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            {t('vulnerabilities.editor.calculatorHint')}
          </p>
          <CalculateButton />
        </div>
      )}
    </div>
  )
}

/** The OWASP Risk Rating calculator: three scores, then a select per factor in four groups. */
export function OwaspCalculator({
  choices,
  scores,
  readOnly,
}: {
  choices: Choices
  scores: OwaspScoreView | undefined
  readOnly: boolean
}) {
  const { t } = useTranslation()
  const prefix = useId()
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 rounded-md border bg-muted/30 p-4 sm:grid-cols-3">
        <ScoreBar
          label={t('vulnerabilities.scores.likelihood')}
          value={scores?.likelihoodScore}
          max={9}
          severity={owaspBand(scores?.likelihoodScore)}
        />
        <ScoreBar
          label={t('vulnerabilities.scores.technicalImpact')}
          value={scores?.technicalImpactScore}
          max={9}
          severity={owaspBand(scores?.technicalImpactScore)}
        />
        <ScoreBar
          label={t('vulnerabilities.scores.businessImpact')}
          value={scores?.businessImpactScore}
          max={9}
          severity={owaspBand(scores?.businessImpactScore)}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        {OWASP_GROUPS.map((group) => (
          <fieldset
            key={group.id}
            disabled={readOnly}
            className="flex flex-col gap-3 rounded-md border p-4"
          >
            <legend className="px-1 text-sm font-semibold">
              {t(`vulnerabilities.owasp.groups.${group.id}`)}
            </legend>
            {group.factors.map((factor) => {
              const id = `${prefix}-${factor.id}`
              return (
                <div key={factor.id} className="flex flex-col gap-1">
                  <label htmlFor={id} className="text-sm font-medium">
                    {t(factor.labelKey)}
                  </label>
                  <select
                    id={id}
                    name={`owasp.${factor.id}`}
                    defaultValue={choices[factor.id] ?? ''}
                    className="h-9 w-full rounded-md border border-input bg-background px-2 text-sm disabled:opacity-70"
                  >
                    <option value="">{t('vulnerabilities.owasp.choose')}</option>
                    {factor.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {t(option.labelKey)} ({option.value})
                      </option>
                    ))}
                  </select>
                </div>
              )
            })}
          </fieldset>
        ))}
      </div>
      {readOnly ? null : (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">{t('vulnerabilities.editor.owaspHint')}</p>
          <CalculateButton />
        </div>
      )}
    </div>
  )
}
