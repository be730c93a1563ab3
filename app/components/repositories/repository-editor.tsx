import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import type { RepositoryJson } from '../../../common/repository-shapes.ts'
import {
  RepositorySettingsFields,
  type RepositoryFormValues,
  type SettingsFields,
} from './repository-fields.tsx'

type Constraint = Record<string, { required?: boolean; maxLength?: number }>

const tick = (value: boolean | undefined) => (value ? 'on' : undefined)

/**
 * A repository's editor, opened under its row: URL, switches and credentials saved with Save
 * (intent=update), and Delete Repository beside it (no confirmation, as in 4.13). The
 * identifier and type are not changeable.
 */
export function RepositoryEditor({
  repository,
  constraint,
  lastResult,
}: {
  repository: RepositoryJson
  constraint: Constraint
  lastResult?: SubmissionResult<string[]>
}) {
  const { t } = useTranslation()
  const [form, fields] = useForm<RepositoryFormValues>({
    id: `repository-${repository.uuid}`,
    constraint,
    lastResult,
    defaultValue: {
      uuid: repository.uuid,
      identifier: repository.identifier,
      url: repository.url,
      internal: tick(repository.internal),
      authenticationRequired: tick(repository.authenticationRequired),
      username: repository.username ?? '',
      enabled: tick(repository.enabled),
    },
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  const titleId = `${form.id}-title`
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4">
      <h2 id={titleId} className="text-base font-semibold [overflow-wrap:anywhere]">
        {t('repositories.edit.title', { identifier: repository.identifier })}
      </h2>
      <Form method="post" className="flex max-w-2xl flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="uuid" value={repository.uuid} />
        <input type="hidden" name="identifier" value={repository.identifier} />
        <RepositorySettingsFields fields={fields as unknown as SettingsFields} editing />
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
        <div className="flex flex-wrap gap-2">
          <Button type="submit">{t('repositories.edit.save')}</Button>
          <Button type="submit" variant="destructive" form={`${form.id}-delete`}>
            <Trash2 aria-hidden />
            {t('repositories.edit.delete')}
          </Button>
        </div>
      </Form>
      <Form method="post" id={`${form.id}-delete`} className="hidden">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="uuid" value={repository.uuid} />
      </Form>
    </section>
  )
}
