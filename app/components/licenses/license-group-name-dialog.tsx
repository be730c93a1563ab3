import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'

/** Create License Group: a name, then the new group's page to add licenses. */
export function LicenseGroupNameDialog({
  constraint,
  lastResult,
  closeTo,
}: {
  constraint: Record<string, { required?: boolean; maxLength?: number }>
  lastResult: SubmissionResult<string[]> | undefined
  closeTo: string
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<{ name: string }>({
    id: 'create-license-group',
    constraint,
    lastResult,
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  return (
    <UrlDialog title={t('licenseGroups.create.title')} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <Field
          labelProps={{ children: t('licenseGroups.fields.name') }}
          inputProps={getInputProps(fields.name, { type: 'text' })}
          errors={translate(fields.name.errors)}
        />
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
        <DialogFooter>
          <Button type="submit">{t('licenseGroups.create.submit')}</Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
