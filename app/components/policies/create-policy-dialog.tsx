import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'

/** 4.13's Create Policy modal (a name) as a form that also works without JavaScript. */
export function CreatePolicyDialog({
  closeTo,
  constraint,
  lastResult,
}: {
  closeTo: string
  constraint: Record<string, { required?: boolean; maxLength?: number }>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<{ name: string }>({ id: 'create-policy', constraint, lastResult })
  return (
    <UrlDialog title={t('policies.create.title')} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <Field
          labelProps={{ children: t('policies.create.name') }}
          inputProps={getInputProps(fields.name, { type: 'text' })}
          errors={fields.name.errors?.map((error) => t(error))}
        />
        <FormErrorAlert id={form.errorId} errors={form.errors} />
        <DialogFooter>
          <Button type="submit">{t('policies.create.submit')}</Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
