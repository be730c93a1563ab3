import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { useFetcher } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { AutoSaveForm, type AutoSaveData } from './autosave-form.tsx'

/** The team's name, saved as it is typed (4.13's row editor) or with Save without JavaScript. */
export function TeamNameForm({
  uuid,
  name,
  constraint,
  lastResult,
}: {
  uuid: string
  name: string
  constraint: Record<string, { required?: boolean; maxLength?: number }>
  lastResult: SubmissionResult<string[]> | undefined
}) {
  const { t } = useTranslation()
  const fetcher = useFetcher<AutoSaveData>({ key: `team-name-${uuid}` })
  const [form, fields] = useForm<{ name: string }>({
    id: 'team-name',
    constraint,
    lastResult: (fetcher.data?.result as SubmissionResult<string[]> | undefined) ?? lastResult,
    defaultValue: { name },
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  return (
    <section aria-labelledby="team-name-title" className="rounded-lg border bg-card p-5">
      <h2 id="team-name-title" className="mb-3 text-lg font-semibold">
        {t('teamAdmin.nameTitle')}
      </h2>
      <AutoSaveForm
        fetcher={fetcher}
        formProps={getFormProps(form)}
        intent="rename"
        saveLabel={t('teamAdmin.saveName')}
        className="flex flex-col gap-3"
      >
        <Field
          labelProps={{ children: t('teamAdmin.fields.name') }}
          inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'off' }}
          errors={translate(fields.name.errors)}
        />
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
      </AutoSaveForm>
    </section>
  )
}
