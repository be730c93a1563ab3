import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { ErrorList, Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Label } from '~/components/ui/label.tsx'
import type { RepositoryType } from '../../../common/repository-shapes.ts'
import {
  REPOSITORY_TYPE_LABELS,
  RepositorySettingsFields,
  type RepositoryFormValues,
  type SettingsFields,
} from './repository-fields.tsx'

type Constraint = Record<string, { required?: boolean; maxLength?: number }>

const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

/** Create Repository (dt-screens §19.4): the type preset to the page, Enabled ticked. */
export function CreateRepositoryDialog({
  pageType,
  types,
  constraint,
  lastResult,
  closeTo,
}: {
  pageType: RepositoryType
  types: RepositoryType[]
  constraint: Constraint
  lastResult?: SubmissionResult<string[]>
  closeTo: string
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<RepositoryFormValues>({
    id: 'create-repository',
    constraint,
    lastResult,
    defaultValue: { type: pageType, enabled: 'on' },
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  return (
    <UrlDialog title={t('repositories.create.title')} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <Field
          labelProps={{ children: `${t('repositories.fields.identifier')} *` }}
          inputProps={{
            ...getInputProps(fields.identifier, { type: 'text' }),
            autoComplete: 'off',
          }}
          errors={translate(fields.identifier.errors)}
        />
        <div className="flex flex-col gap-2">
          <Label htmlFor={fields.type.id}>{t('repositories.fields.type')}</Label>
          <select {...getSelectProps(fields.type)} className={selectClass}>
            {types.map((type) => (
              <option key={type} value={type}>
                {REPOSITORY_TYPE_LABELS[type as keyof typeof REPOSITORY_TYPE_LABELS] ?? type}
              </option>
            ))}
          </select>
          <ErrorList id={fields.type.errorId} errors={translate(fields.type.errors)} />
        </div>
        <RepositorySettingsFields fields={fields as unknown as SettingsFields} editing={false} />
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
        <DialogFooter>
          <Button type="submit">{t('repositories.create.submit')}</Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
