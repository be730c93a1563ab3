import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  CONDITION_SUBJECTS,
  SUBJECT_OPERATORS,
  type ConditionSubject,
} from '../../../common/dt-vocabulary.ts'
import { ErrorList } from '~/components/forms.tsx'
import { selectClass } from '~/components/vulnerabilities/editor/parts.tsx'
import { cn } from '~/utils/misc.ts'
import {
  blankRow,
  operatorFor,
  sharesTypedValue,
  valueInputOf,
  type ConditionRow as Row,
} from './condition-draft.ts'
import { RowField, fieldId, fieldName, type ConditionCatalog } from './condition-field.tsx'
import { ConditionValue } from './condition-value.tsx'

/** Inputs typed as text keep what was typed when the subject changes to another such subject. */
const valueKey = (subject: ConditionSubject) =>
  ['text', 'license'].includes(valueInputOf(subject)) ? 'typed' : valueInputOf(subject)

/**
 * One condition: subject, operator and the value inputs of the subject. With JavaScript a new
 * subject swaps operator and value inputs at once; without it, `drawnFor` tells the server which
 * subject the inputs were drawn for, and it draws the row again.
 */
export function ConditionRowFields({
  index,
  row,
  errors,
  catalog,
}: {
  index: number
  row: Row
  errors: (field: string) => string[] | undefined
  catalog: ConditionCatalog
}) {
  const { t } = useTranslation()
  const [subject, setSubject] = useState(row.subject)
  const problems = ['subject', 'operator', 'value'].flatMap((field) => errors(field) ?? [])
  const errorId = problems.length > 0 ? fieldId(index, 'error') : undefined
  const invalid = (field: string) => Boolean(errors(field)?.length)
  const keepsValue = subject === row.subject || (subject && sharesTypedValue(row.subject, subject))
  const shown: Row = keepsValue ? row : blankRow()
  const cweIds = subject === 'CWE' ? (row.value.match(/\d+/g) ?? []) : []
  const cwes = cweIds.filter((id) => catalog.cweNames[id])

  return (
    <fieldset
      className={cn(
        'flex flex-col gap-3 rounded-md border p-3 has-[input[data-remove]:checked]:border-dashed has-[input[data-remove]:checked]:bg-muted/40',
        problems.length > 0 && 'border-destructive',
      )}
    >
      <legend className="px-1 text-sm font-medium">
        {row.uuid
          ? t('policyCondition.rowLegend', { number: index + 1 })
          : t('policyCondition.newRowLegend', { number: index + 1 })}
      </legend>
      {row.uuid ? <input type="hidden" name={fieldName(index, 'uuid')} value={row.uuid} /> : null}
      {subject ? <input type="hidden" name={fieldName(index, 'drawnFor')} value={subject} /> : null}
      {row.unreadable ? (
        <input type="hidden" name={fieldName(index, 'unreadable')} value={row.unreadable} />
      ) : null}
      <div className="grid gap-3 md:grid-cols-[11rem_15rem_minmax(0,1fr)]">
        <RowField
          index={index}
          field="subject"
          label={t('policyCondition.subject')}
          describedBy={errorId}
        >
          {(props) => (
            <select
              {...props}
              name={fieldName(index, 'subject')}
              defaultValue={row.subject ?? ''}
              aria-invalid={invalid('subject') || undefined}
              onChange={(event) =>
                setSubject((event.target.value || undefined) as ConditionSubject | undefined)
              }
              className={selectClass}
            >
              {row.subject ? null : <option value="">{t('policyCondition.chooseSubject')}</option>}
              {CONDITION_SUBJECTS.map((option) => (
                <option key={option} value={option}>
                  {t(`policyCondition.subjects.${option}`)}
                </option>
              ))}
            </select>
          )}
        </RowField>
        {subject ? (
          <>
            <RowField
              key={`operator-${subject}`}
              index={index}
              field="operator"
              label={t('policyCondition.operator')}
              describedBy={errorId}
            >
              {(props) => (
                <select
                  {...props}
                  name={fieldName(index, 'operator')}
                  defaultValue={operatorFor(subject, row.operator)}
                  aria-invalid={invalid('operator') || undefined}
                  className={selectClass}
                >
                  {SUBJECT_OPERATORS[subject].map((operator) => (
                    <option key={operator} value={operator}>
                      {t(`policyCondition.operators.${operator}`)}
                    </option>
                  ))}
                </select>
              )}
            </RowField>
            <ConditionValue
              key={valueKey(subject)}
              index={index}
              subject={subject}
              row={shown}
              invalid={invalid('value')}
              errorId={errorId}
              catalog={catalog}
            />
          </>
        ) : (
          <p className="self-end pb-2 text-sm text-muted-foreground md:col-span-2">
            {t('policyCondition.subjectFirst')}
          </p>
        )}
      </div>
      {row.unreadable && subject === row.subject ? (
        <p className="text-xs text-muted-foreground">
          {t('policyCondition.unreadable')} <code className="break-all">{row.unreadable}</code>
        </p>
      ) : null}
      {cwes.length > 0 ? (
        <ul
          className="flex flex-col gap-0.5 text-xs text-muted-foreground"
          aria-label={t('policyCondition.cweNames')}
        >
          {cwes.map((id) => (
            <li key={id}>
              CWE-{id}: {catalog.cweNames[id]}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <ErrorList id={errorId} errors={problems.map((key) => t(key))} />
        {row.uuid ? (
          <label className="ml-auto flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              data-remove
              name={fieldName(index, 'remove')}
              defaultChecked={row.remove}
              className="size-4"
            />
            {t('policyCondition.remove')}
          </label>
        ) : null}
      </div>
    </fieldset>
  )
}
