import { Plus } from 'lucide-react'
import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorList } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { END_OPERATORS, START_OPERATORS, type AffectedInput } from '../affected.ts'
import { selectClass } from './parts.tsx'

/** The 4.13 Add Affected Component form, inline: identity, then an exact version or a range. */
export function AddAffected({
  input,
  errors,
}: {
  input: AffectedInput
  errors: string[] | undefined
}) {
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
