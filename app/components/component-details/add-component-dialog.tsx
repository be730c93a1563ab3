import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ComponentFields } from './component-fields.tsx'

/** The 4.13 Add Component modal: a real form, so it also works without JavaScript. */
export function AddComponentDialog({
  constraint,
  lastResult,
  closeTo,
}: {
  constraint: Record<string, { required?: boolean; maxLength?: number; pattern?: string }>
  lastResult: SubmissionResult<string[]> | undefined
  closeTo: string
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<Record<string, string>>({
    id: 'add-component',
    constraint,
    lastResult,
    defaultValue: { classifier: 'LIBRARY' },
  })
  return (
    <UrlDialog title={t('componentDetails.add.title')} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-6" {...getFormProps(form)}>
        <ComponentFields fields={fields} />
        <FormErrorAlert id={form.errorId} errors={form.errors} />
        <DialogFooter>
          <Button type="submit" name="intent" value="addComponent">
            {t('componentDetails.add.submit')}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
