import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ErrorList, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'

/** The group's name, saved with its own button (4.13 saved on every keystroke). */
export function LicenseGroupRenameForm({
  name,
  constraint,
  lastResult,
}: {
  name: string
  constraint: Record<string, { required?: boolean; maxLength?: number }>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<{ name: string }>({
    id: 'rename-license-group',
    constraint,
    lastResult,
    defaultValue: { name },
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  const nameErrors = translate(fields.name.errors)
  return (
    <section aria-labelledby="group-name-title" className="rounded-lg border bg-card p-5">
      <h3 id="group-name-title" className="mb-3 text-lg font-semibold">
        {t('licenseGroups.group.nameTitle')}
      </h3>
      <Form method="post" className="flex flex-col gap-3" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="rename" />
        <div className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-[min(18rem,100%)] flex-1 flex-col gap-2">
            <Label htmlFor={fields.name.id}>{t('licenseGroups.fields.name')}</Label>
            <Input {...getInputProps(fields.name, { type: 'text' })} />
          </div>
          <Button type="submit" variant="secondary">
            {t('licenseGroups.group.rename')}
          </Button>
        </div>
        <ErrorList id={fields.name.errorId} errors={nameErrors} />
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
      </Form>
    </section>
  )
}
