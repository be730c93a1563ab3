import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { POLICY_OPERATORS, POLICY_VIOLATION_STATES } from '../../../common/dt-vocabulary.ts'
import type { ProjectChoice } from '~/api/policies.server.ts'
import { selectClass } from '~/components/project-details/parts.tsx'
import { Button } from '~/components/ui/button.tsx'
import { BulkProjects, BulkTags } from './bulk-limits.tsx'
import {
  BULK_PROBLEMS_ID,
  bulkFieldId,
  type BulkFieldsProps,
  type BulkState,
} from './bulk-schema.ts'

/** A change that may be left alone: its first option keeps each policy as it is. */
function ChangeSelect({
  field,
  label,
  options,
  draft,
  invalid,
}: BulkFieldsProps & {
  field: 'violationState' | 'operator' | 'includeChildren' | 'onlyLatestProjectVersion'
  label: string
  options: Array<[value: string, label: string]>
}) {
  const { t } = useTranslation()
  const wrong = invalid.has(field)
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={bulkFieldId(field)} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={bulkFieldId(field)}
        name={field}
        defaultValue={draft[field]}
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? BULK_PROBLEMS_ID : undefined}
        className={`${selectClass} aria-[invalid]:border-destructive`}
      >
        <option value="">{t('policies.bulk.noChange')}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * The bulk changes for the ticked policies: state, operator, the two limit switches, projects
 * and tags to add or remove, Apply and Delete. Its inputs belong to the form around the table,
 * so the whole selection and every change go in one plain POST.
 */
export function BulkChanges({
  state,
  draft,
  invalid,
  canLimit,
  pageProjects,
  pageTags,
  tagSuggestions,
}: BulkFieldsProps & {
  state: BulkState | undefined
  canLimit: boolean
  pageProjects: ProjectChoice[]
  pageTags: string[]
  tagSuggestions: string[]
}) {
  const { t } = useTranslation()
  const onOff: Array<[string, string]> = [
    ['on', t('policies.bulk.on')],
    ['off', t('policies.bulk.off')],
  ]
  const common = { draft, invalid }
  return (
    <section
      aria-labelledby="bulk-title"
      className="flex flex-col gap-4 rounded-lg border bg-card p-4"
    >
      <div className="flex flex-col gap-1">
        <h2 id="bulk-title" className="text-lg font-semibold">
          {t('policies.bulk.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('policies.bulk.hint')}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <ChangeSelect
          {...common}
          field="violationState"
          label={t('policies.bulk.violationState')}
          options={POLICY_VIOLATION_STATES.map((value) => [
            value,
            t(`policies.violationState.${value}`),
          ])}
        />
        <ChangeSelect
          {...common}
          field="operator"
          label={t('policies.bulk.operator')}
          options={POLICY_OPERATORS.map((value) => [value, t(`policies.operator.${value}`)])}
        />
        <ChangeSelect
          {...common}
          field="onlyLatestProjectVersion"
          label={t('policies.bulk.onlyLatest')}
          options={onOff}
        />
        <ChangeSelect
          {...common}
          field="includeChildren"
          label={t('policies.bulk.includeChildren')}
          options={onOff}
        />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <BulkProjects
          {...common}
          canSearch={canLimit}
          found={state?.found}
          chosen={state?.chosen ?? []}
          pageProjects={pageProjects}
        />
        <BulkTags {...common} pageTags={pageTags} suggestions={tagSuggestions} />
      </div>
      <div className="flex flex-wrap justify-between gap-2">
        <Button type="submit" name="intent" value="apply">
          {t('policies.bulk.apply')}
        </Button>
        <Button type="submit" name="intent" value="delete" variant="outline">
          <Trash2 aria-hidden />
          {t('policies.bulk.delete')}
        </Button>
      </div>
    </section>
  )
}
