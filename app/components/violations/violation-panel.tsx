import { Form, Link, useNavigation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { VIOLATION_ANALYSIS_STATES } from '../../../common/dt-vocabulary.ts'
import type { PolicyViolation } from '~/api/violations.server.ts'
import { AuditTrail, Fact } from '~/components/audit/trail.tsx'
import { Button } from '~/components/ui/button.tsx'
import type { IdentityFact } from './condition.ts'
import { ViolationStateLabel } from '~/components/policies/policy-labels.tsx'
import { ViolationAnalysisLabel } from './labels.tsx'

const fieldClass =
  'w-full rounded-md border border-input bg-background px-2 text-sm disabled:opacity-60'

/** What the loader sends for the open row (see loadViolationPanel). */
export interface ViolationPanelData {
  uuid: string
  analysis: {
    analysisState: string
    analysisComments: Array<{ timestamp: number; comment: string; commenter?: string }>
    isSuppressed: boolean
  } | null
  condition: string
  facts: IdentityFact[]
}

/**
 * 4.13's violation detail panel (§7.10): the broken condition and the component's facts it
 * looked at on the left; the audit trail and the decision (state, suppression, comment) on the
 * right, as one form that works without JavaScript.
 */
export function ViolationPanel({
  violation,
  panel,
  canAudit,
  canManagePolicies,
}: {
  violation: PolicyViolation
  panel: ViolationPanelData
  canAudit: boolean
  canManagePolicies: boolean
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'audit'
  const { analysis } = panel
  const { policy } = violation.policyCondition
  const idPrefix = `violation-${violation.uuid.slice(-12)}`
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-label={t('violations.panel.facts')} className="min-w-0">
        <dl className="flex flex-col gap-3">
          <Fact label={t('violations.columns.policy')}>
            <span className="flex flex-wrap items-center gap-3">
              {canManagePolicies ? (
                <Link to={`/policy/${policy.uuid}`} className="text-primary hover:underline">
                  {policy.name}
                </Link>
              ) : (
                policy.name
              )}
              <ViolationStateLabel state={policy.violationState} />
            </span>
          </Fact>
          <Fact label={t('violations.panel.condition')}>
            <code className="break-all rounded bg-muted px-1.5 py-0.5 text-xs">
              {panel.condition}
            </code>
          </Fact>
          {panel.facts.map((fact) => (
            <Fact key={fact.labelKey ?? fact.label} label={fact.label ?? t(fact.labelKey!)}>
              <span className="break-all">{fact.value}</span>
            </Fact>
          ))}
          {violation.type === 'SECURITY' ? (
            <Fact label={t('violations.panel.vulnerabilities')}>
              <Link
                to={`/components/${violation.component.uuid}/vulnerabilities`}
                className="text-primary hover:underline"
              >
                {t('violations.panel.vulnerabilitiesOf', { name: violation.component.name })}
              </Link>
            </Fact>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby={`${idPrefix}-trail`} className="flex min-w-0 flex-col gap-3">
        <h3 id={`${idPrefix}-trail`} className="text-sm font-semibold">
          {t('findings.audit.trail')}
        </h3>
        <AuditTrail comments={analysis?.analysisComments} />
        {canAudit ? (
          <Form
            key={analysis?.analysisComments.length ?? 0}
            method="post"
            preventScrollReset
            className="flex flex-col gap-3"
          >
            <input type="hidden" name="intent" value="audit" />
            <input type="hidden" name="policyViolation" value={violation.uuid} />
            <input type="hidden" name="component" value={violation.component.uuid} />
            <div className="flex flex-col gap-1">
              <label htmlFor={`${idPrefix}-state`} className="text-sm font-medium">
                {t('violations.columns.analysis')}
              </label>
              <select
                id={`${idPrefix}-state`}
                name="analysisState"
                defaultValue={analysis?.analysisState ?? 'NOT_SET'}
                className={`${fieldClass} h-9`}
              >
                {VIOLATION_ANALYSIS_STATES.map((state) => (
                  <option key={state} value={state}>
                    {t(`violations.analysis.${state}`)}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${idPrefix}-comment`} className="text-sm font-medium">
                {t('findings.audit.comment')}
              </label>
              <textarea
                id={`${idPrefix}-comment`}
                name="comment"
                className={`${fieldClass} min-h-[4.5rem] py-2`}
              />
            </div>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="isSuppressed"
                value="on"
                defaultChecked={analysis?.isSuppressed === true}
                className="size-4"
              />
              {t('violations.panel.suppress')}
            </label>
            <div>
              <Button type="submit" disabled={saving}>
                {t('findings.audit.save')}
              </Button>
            </div>
          </Form>
        ) : (
          <dl className="grid gap-2 sm:grid-cols-2">
            <Fact label={t('violations.columns.analysis')}>
              <ViolationAnalysisLabel state={analysis?.analysisState} />
            </Fact>
            <Fact label={t('violations.columns.suppressed')}>
              {analysis?.isSuppressed ? t('findings.yes') : t('findings.no')}
            </Fact>
          </dl>
        )}
      </section>
    </div>
  )
}
