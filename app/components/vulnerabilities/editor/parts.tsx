import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { ErrorList } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Label } from '~/components/ui/label.tsx'

export const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm disabled:opacity-70'
export const textareaClass =
  'rounded-md border border-input bg-background px-3 py-2 text-sm read-only:bg-muted/40'

/** Scores the calculators on the server; with JavaScript they score live, so it is not shown. */
export function CalculateButton() {
  const { t } = useTranslation()
  return (
    <noscript>
      <Button type="submit" name="intent" value="calculate" variant="secondary" formNoValidate>
        {t('vulnerabilities.editor.calculate')}
      </Button>
    </noscript>
  )
}

/** A labelled multi-line text field with its errors. */
export function TextAreaField({
  label,
  name,
  defaultValue,
  rows = 4,
  readOnly,
  errors,
}: {
  label: string
  name: string
  defaultValue: string
  rows?: number
  readOnly?: boolean
  errors?: string[]
}) {
  const id = useId()
  const errorId = errors?.length ? `${id}-error` : undefined
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        readOnly={readOnly}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        className={textareaClass}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** A read-only value laid out like a field. */
export function ReadOnlyValue({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <span className="text-sm font-medium">{label}</span>
      <div className="flex min-h-10 items-center">{children}</div>
    </div>
  )
}
