import {
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { ErrorList, Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Label } from '~/components/ui/label.tsx'

type Constraint = Record<string, { required?: boolean; maxLength?: number; pattern?: string }>

const textareaClass =
  'w-full rounded-md border border-input bg-background px-3 py-2 font-mono text-sm aria-[invalid=true]:border-destructive'

/**
 * 4.13's Add License modal as one form that works without JavaScript: the General part (name,
 * SPDX id, flags, text) and the Extended part (comments, template, source header, see also).
 */
export function AddLicenseDialog({
  constraint,
  lastResult,
  closeTo,
}: {
  constraint: Constraint
  lastResult: SubmissionResult<string[]> | undefined
  closeTo: string
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<Record<string, string>>({
    id: 'add-license',
    constraint,
    lastResult,
    shouldValidate: 'onSubmit',
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  const flags = [
    ['isOsiApproved', 'licenses.fields.osi'],
    ['isFsfLibre', 'licenses.fields.fsf'],
    ['isDeprecatedLicenseId', 'licenses.fields.deprecated'],
  ] as const

  return (
    <UrlDialog title={t('licenses.create.title')} closeTo={closeTo} size="large">
      <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <div className="grid gap-6 lg:grid-cols-2">
          <fieldset className="flex min-w-0 flex-col gap-4">
            <legend className="mb-2 font-semibold">{t('licenses.create.general')}</legend>
            <Field
              labelProps={{ children: t('licenses.fields.name') }}
              inputProps={getInputProps(fields.name!, { type: 'text' })}
              errors={translate(fields.name?.errors)}
            />
            <Field
              labelProps={{ children: t('licenses.fields.licenseId') }}
              inputProps={{
                ...getInputProps(fields.licenseId!, { type: 'text' }),
                className: 'font-mono',
              }}
              hint={t('licenses.create.licenseIdHint')}
              errors={translate(fields.licenseId?.errors)}
            />
            <div className="flex flex-wrap gap-x-6 gap-y-2">
              {flags.map(([name, label]) => (
                <label key={name} className="flex items-center gap-2 text-sm">
                  <input
                    {...getInputProps(fields[name]!, { type: 'checkbox' })}
                    className="size-4"
                  />
                  {t(label)}
                </label>
              ))}
            </div>
            <TextareaField
              field={fields.licenseText!}
              label={t('licenses.fields.licenseText')}
              rows={10}
              errors={translate(fields.licenseText?.errors)}
            />
          </fieldset>
          <fieldset className="flex min-w-0 flex-col gap-4">
            <legend className="mb-2 font-semibold">{t('licenses.create.extended')}</legend>
            <TextareaField
              field={fields.licenseComments!}
              label={t('licenses.fields.comments')}
              rows={3}
              errors={translate(fields.licenseComments?.errors)}
            />
            <TextareaField
              field={fields.standardLicenseTemplate!}
              label={t('licenses.fields.template')}
              rows={4}
              errors={translate(fields.standardLicenseTemplate?.errors)}
            />
            <TextareaField
              field={fields.standardLicenseHeader!}
              label={t('licenses.fields.header')}
              rows={3}
              errors={translate(fields.standardLicenseHeader?.errors)}
            />
            <TextareaField
              field={fields.seeAlso!}
              label={t('licenses.fields.seeAlso')}
              hint={t('licenses.create.seeAlsoHint')}
              rows={3}
              errors={translate(fields.seeAlso?.errors)}
            />
          </fieldset>
        </div>
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
        <DialogFooter>
          <Button type="submit">{t('licenses.create.submit')}</Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}

function TextareaField({
  field,
  label,
  hint,
  rows,
  errors,
}: {
  field: FieldMetadata<string>
  label: string
  hint?: string
  rows: number
  errors?: string[]
}) {
  const hintId = useId()
  const errorId = errors?.length ? `${field.id}-error` : undefined
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      <textarea
        {...getTextareaProps(field)}
        rows={rows}
        aria-describedby={
          [hint ? hintId : undefined, errorId].filter(Boolean).join(' ') || undefined
        }
        className={textareaClass}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}
