import { Form } from '@remix-run/react'
import { ChevronDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  ANALYSIS_JUSTIFICATIONS,
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
} from '../../../common/dt-vocabulary.ts'
import { Button } from '~/components/ui/button.tsx'
import { DECISION_SCOPES } from './decision-schema.ts'

/** Where the bulk audit form posts; the route answers with a redirect back and a toast. */
export const BULK_ANALYSIS_ACTION = '/resources/bulk-analysis'

const controlClass =
  'h-9 w-full rounded-md border border-input bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'
const areaClass =
  'min-h-16 w-full rounded-md border border-input bg-background px-2 py-1 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

function Choice({
  id,
  name,
  label,
  values,
  labelKey,
}: {
  id: string
  name: string
  label: string
  values: readonly string[]
  labelKey: (value: string) => string
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="text-sm font-medium">
        {label}
      </label>
      <select id={`${id}-${name}`} name={name} className={controlClass} defaultValue={values[0]}>
        {values.map((value) => (
          <option key={value} value={value}>
            {t(labelKey(value))}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * One audit decision for every finding whose checkbox (`name="matrix"`, `form={id}`) is ticked:
 * a plain POST form to the bulk-analysis resource route, which records it through
 * PUT /analysis/batch and sends the reader back to `redirectTo`. Used by the portfolio audit
 * view and the project Findings tab.
 */
export function BulkAuditForm({ id, redirectTo }: { id: string; redirectTo: string }) {
  const { t } = useTranslation()
  return (
    <details className="group rounded-lg border bg-card">
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-3 py-2 text-sm font-semibold [&::-webkit-details-marker]:hidden">
        {t('bulkAudit.open')}
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <Form
        id={id}
        method="post"
        action={BULK_ANALYSIS_ACTION}
        aria-label={t('bulkAudit.title')}
        className="flex flex-col gap-3 border-t p-3"
        preventScrollReset
      >
        <p className="text-sm text-muted-foreground">{t('bulkAudit.hint')}</p>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
          <Choice
            id={id}
            name="analysisState"
            label={t('bulkAudit.state')}
            values={ANALYSIS_STATES}
            labelKey={(value) => `analysis.state.${value}`}
          />
          <Choice
            id={id}
            name="analysisJustification"
            label={t('bulkAudit.justification')}
            values={ANALYSIS_JUSTIFICATIONS}
            labelKey={(value) => `analysis.justification.${value}`}
          />
          <Choice
            id={id}
            name="analysisResponse"
            label={t('bulkAudit.response')}
            values={ANALYSIS_RESPONSES}
            labelKey={(value) => `analysis.response.${value}`}
          />
          <Choice
            id={id}
            name="scope"
            label={t('bulkAudit.scope')}
            values={DECISION_SCOPES}
            labelKey={(value) => `analysis.scope.${value}`}
          />
        </div>
        <div className="grid gap-3 md:grid-cols-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-analysisDetails`} className="text-sm font-medium">
              {t('bulkAudit.details')}
            </label>
            <textarea id={`${id}-analysisDetails`} name="analysisDetails" className={areaClass} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-comment`} className="text-sm font-medium">
              {t('bulkAudit.comment')}
            </label>
            <textarea id={`${id}-comment`} name="comment" className={areaClass} />
          </div>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="isSuppressed" value="on" className="size-4" />
            {t('bulkAudit.suppress')}
          </label>
          <Button type="submit">{t('bulkAudit.submit')}</Button>
        </div>
      </Form>
    </details>
  )
}
