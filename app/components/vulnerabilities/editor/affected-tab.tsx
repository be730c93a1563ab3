import { Pencil, Plus, Trash2 } from 'lucide-react'
import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorList } from '~/components/forms.tsx'
import { cellClass, headerCellClass } from '~/components/list-kit/list-table.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { formatDate } from '~/utils/date.ts'
import {
  affectedKey,
  affectedLabel,
  END_OPERATORS,
  START_OPERATORS,
  type AffectedEntry,
  type AffectedInput,
  type Attribution,
} from '../affected.ts'
import { SourceLabel } from '../labels.tsx'
import { selectClass } from './parts.tsx'

const BOUND_FIELDS = [
  'version',
  'versionStartIncluding',
  'versionStartExcluding',
  'versionEndIncluding',
  'versionEndExcluding',
] as const

/**
 * The Affected Components tab: the list (which source reported each entry, first and last
 * seen) and, when editable, an Add form. Every row travels with the form as hidden fields.
 */
export function AffectedTab({
  affected,
  newAffected,
  attributions,
  editable,
  errors,
}: {
  affected: AffectedEntry[]
  newAffected: AffectedInput
  attributions: Record<string, Attribution[]>
  editable: boolean
  errors: string[] | undefined
}) {
  const { t, i18n } = useTranslation()
  const when = (value?: number) => (value ? formatDate(value, i18n.language) : '')
  return (
    <div className="flex flex-col gap-5">
      {affected.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
          {t('vulnerabilities.affected.none')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('vulnerabilities.editor.tabs.affected')}</caption>
            <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className={headerCellClass}>
                  {t('vulnerabilities.affected.component')}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t('vulnerabilities.affected.reportedBy')}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t('vulnerabilities.affected.firstSeen')}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t('vulnerabilities.affected.lastSeen')}
                </th>
                {editable ? (
                  <th scope="col" className={headerCellClass}>
                    <span className="sr-only">{t('vulnerabilities.affected.actions')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {affected.map((entry, index) => {
                const seen = attributions[affectedKey(entry)] ?? []
                const label = affectedLabel(entry)
                return (
                  <tr key={`${affectedKey(entry)}-${index}`} className="border-t align-top">
                    <td className={`${cellClass} min-w-[14rem] break-all font-mono text-xs`}>
                      <HiddenEntry entry={entry} index={index} />
                      {label}
                    </td>
                    <td className={cellClass}>
                      <span className="flex flex-wrap gap-1">
                        {seen.map((attribution, position) => (
                          <SourceLabel key={position} source={attribution.source ?? 'UNKNOWN'} />
                        ))}
                      </span>
                    </td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {when(earliest(seen.map((attribution) => attribution.firstSeen)))}
                    </td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {when(latest(seen.map((attribution) => attribution.lastSeen)))}
                    </td>
                    {editable ? (
                      <td className={`${cellClass} whitespace-nowrap text-right`}>
                        <Button
                          type="submit"
                          name="intent"
                          value={`editAffected:${index}`}
                          variant="ghost"
                          size="sm"
                          formNoValidate
                        >
                          <Pencil aria-hidden />
                          <span className="sr-only">
                            {t('vulnerabilities.affected.edit', { name: label })}
                          </span>
                        </Button>
                        <Button
                          type="submit"
                          name="intent"
                          value={`removeAffected:${index}`}
                          variant="ghost"
                          size="sm"
                          formNoValidate
                        >
                          <Trash2 aria-hidden />
                          <span className="sr-only">
                            {t('vulnerabilities.affected.remove', { name: label })}
                          </span>
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {editable ? <AddAffected input={newAffected} errors={errors} /> : null}
    </div>
  )
}

const known = (values: Array<number | undefined>) =>
  values.filter((value): value is number => typeof value === 'number')
const earliest = (values: Array<number | undefined>) =>
  known(values).length > 0 ? Math.min(...known(values)) : undefined
const latest = (values: Array<number | undefined>) =>
  known(values).length > 0 ? Math.max(...known(values)) : undefined

function HiddenEntry({ entry, index }: { entry: AffectedEntry; index: number }) {
  const name = (field: string) => `affected[${index}].${field}`
  return (
    <>
      <input type="hidden" name={name('identityType')} value={entry.identityType} />
      <input type="hidden" name={name('identity')} value={entry.identity} />
      <input type="hidden" name={name('versionType')} value={entry.versionType} />
      {BOUND_FIELDS.map((field) =>
        entry[field] ? (
          <input key={field} type="hidden" name={name(field)} value={entry[field]} />
        ) : null,
      )}
    </>
  )
}

/** The 4.13 Add Affected Component form, inline: identity, then an exact version or a range. */
function AddAffected({ input, errors }: { input: AffectedInput; errors: string[] | undefined }) {
  const { t } = useTranslation()
  const id = useId()
  const add = useRef<HTMLButtonElement>(null)
  const errorId = errors?.length ? `${id}-error` : undefined
  const versionType = input.versionType === 'RANGE' ? 'RANGE' : 'EXACT'
  return (
    <fieldset className="flex flex-col gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-semibold">{t('vulnerabilities.affected.add')}</legend>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-type`}>{t('vulnerabilities.affected.identityType')}</Label>
          <select
            id={`${id}-type`}
            name="newAffected.identityType"
            defaultValue={input.identityType ?? 'PURL'}
            className={selectClass}
          >
            <option value="PURL">{t('vulnerabilities.affected.purl')}</option>
            <option value="CPE">{t('vulnerabilities.affected.cpe')}</option>
          </select>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-identity`}>{t('vulnerabilities.affected.identity')}</Label>
          <Input
            id={`${id}-identity`}
            name="newAffected.identity"
            defaultValue={input.identity ?? ''}
            aria-invalid={errorId ? true : undefined}
            aria-describedby={[`${id}-hint`, errorId].filter(Boolean).join(' ')}
            onKeyDown={(event) => {
              // With JavaScript, Enter in the identifier adds it rather than submitting the form.
              if (event.key === 'Enter') {
                event.preventDefault()
                event.currentTarget.form?.requestSubmit(add.current)
              }
            }}
          />
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {t('vulnerabilities.affected.identityHint')}
          </p>
        </div>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">
          {t('vulnerabilities.affected.versionType')}
        </legend>
        <div className="flex flex-wrap gap-4">
          {(['EXACT', 'RANGE'] as const).map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name="newAffected.versionType"
                value={type}
                defaultChecked={versionType === type}
                className="size-4"
              />
              {t(`vulnerabilities.affected.${type === 'EXACT' ? 'exact' : 'range'}`)}
            </label>
          ))}
        </div>
        <p className="text-xs text-muted-foreground">{t('vulnerabilities.affected.exactHint')}</p>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Bound
          id={`${id}-start`}
          label={t('vulnerabilities.affected.start')}
          operatorName="newAffected.startOperator"
          operators={START_OPERATORS}
          operator={input.startOperator ?? '>='}
          valueName="newAffected.start"
          value={input.start}
        />
        <Bound
          id={`${id}-end`}
          label={t('vulnerabilities.affected.end')}
          operatorName="newAffected.endOperator"
          operators={END_OPERATORS}
          operator={input.endOperator ?? '<'}
          valueName="newAffected.end"
          value={input.end}
        />
      </div>
      <ErrorList id={errorId} errors={errors?.map((error) => t(error))} />
      <div>
        <Button
          ref={add}
          type="submit"
          name="intent"
          value="addAffected"
          variant="secondary"
          formNoValidate
        >
          <Plus aria-hidden />
          {t('vulnerabilities.affected.addSubmit')}
        </Button>
      </div>
    </fieldset>
  )
}

function Bound({
  id,
  label,
  operatorName,
  operators,
  operator,
  valueName,
  value,
}: {
  id: string
  label: string
  operatorName: string
  operators: readonly string[]
  operator: string
  valueName: string
  value: string | undefined
}) {
  const { t } = useTranslation()
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div className="flex gap-2">
        <select
          aria-label={t('vulnerabilities.affected.operator', { bound: label })}
          name={operatorName}
          defaultValue={operator}
          className="h-10 w-20 rounded-md border border-input bg-background px-2 text-sm"
        >
          {operators.map((choice) => (
            <option key={choice} value={choice}>
              {choice}
            </option>
          ))}
        </select>
        <Input
          id={id}
          aria-label={t('vulnerabilities.affected.boundVersion', { bound: label })}
          name={valueName}
          defaultValue={value ?? ''}
        />
      </div>
    </fieldset>
  )
}
