import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import {} from '~/components/analyzers/fields.tsx'
import { useHydrated } from '~/utils/use-hydrated.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import {
  CheckboxField,
  SettingsCard,
  SourcePage,
} from '~/components/vulnerability-sources/source-page.tsx'
import {
  InternalFormSchema,
  internalFormValues,
  internalSettings,
} from './__analyzer-forms.server.ts'
import { analyzerAction, loadAnalyzerPage } from './__analyzer.server.ts'

export async function loader(args: LoaderFunctionArgs) {
  const { settings, name, title } = await loadAnalyzerPage(args, 'internal')
  return json({
    name,
    title,
    values: internalFormValues(settings),
    constraint: getZodConstraint(InternalFormSchema),
  })
}

export const action = (args: ActionFunctionArgs) =>
  analyzerAction(args, 'internal', {
    stored: () => ({}),
    schema: () => InternalFormSchema,
    settings: internalSettings,
  })

export const meta = titleMeta

export default function InternalAnalyzerRoute() {
  const { t } = useTranslation()
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const [form, fields] = useForm<z.input<typeof InternalFormSchema>>({
    id: 'internal-analyzer',
    constraint: data.constraint,
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: data.values,
  })
  const fuzzyOff = hydrated && fields.fuzzy.value !== 'on'

  return (
    <SourcePage
      title={data.name}
      intro={t('analyzers.intro.internal')}
      section="admin.sections.analyzers"
    >
      <SettingsCard
        formProps={getFormProps(form)}
        formErrorId={form.errorId}
        formErrors={form.errors}
      >
        <CheckboxField field={fields.enabled} label={t('analyzers.fields.enableInternal')} />
        <CheckboxField
          field={fields.fuzzy}
          label={t('analyzers.fields.fuzzy')}
          hint={t('analyzers.fields.fuzzyHint')}
        />
        <CheckboxField
          field={fields.fuzzyPurl}
          label={t('analyzers.fields.fuzzyPurl')}
          hint={t('analyzers.fields.fuzzyPurlHint')}
          disabled={fuzzyOff}
        />
        <CheckboxField
          field={fields.fuzzyInternal}
          label={t('analyzers.fields.fuzzyInternal')}
          disabled={fuzzyOff}
        />
      </SettingsCard>
    </SourcePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
