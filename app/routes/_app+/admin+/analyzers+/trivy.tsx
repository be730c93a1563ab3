import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { SecretField, SettingField } from '~/components/analyzers/fields.tsx'
import { useHydrated } from '~/utils/use-hydrated.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import {
  CheckboxField,
  SettingsCard,
  SourcePage,
} from '~/components/vulnerability-sources/source-page.tsx'
import {
  trivyFormSchema,
  trivyFormValues,
  trivySettings,
  trivyStored,
} from './__analyzer-forms.server.ts'
import { analyzerAction, loadAnalyzerPage } from './__analyzer.server.ts'

export async function loader(args: LoaderFunctionArgs) {
  const { settings, name, title } = await loadAnalyzerPage(args, 'trivy')
  const stored = trivyStored(settings)
  return json({
    name,
    title,
    stored,
    values: trivyFormValues(settings),
    constraint: getZodConstraint(trivyFormSchema(stored)),
  })
}

export const action = (args: ActionFunctionArgs) =>
  analyzerAction(args, 'trivy', {
    stored: trivyStored,
    schema: trivyFormSchema,
    settings: trivySettings,
  })

export const meta = titleMeta

export default function TrivyAnalyzerRoute() {
  const { t } = useTranslation()
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const [form, fields] = useForm<z.input<ReturnType<typeof trivyFormSchema>>>({
    id: 'trivy-analyzer',
    constraint: data.constraint,
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: data.values,
  })
  const ready = !!fields.baseUrl.value && (!!fields.token.value || data.stored.token)

  return (
    <SourcePage
      title={data.name}
      intro={t('analyzers.intro.trivy')}
      section="admin.sections.analyzers"
    >
      <SettingsCard
        formProps={getFormProps(form)}
        formErrorId={form.errorId}
        formErrors={form.errors}
      >
        <CheckboxField
          field={fields.enabled}
          label={t('analyzers.fields.enableTrivy')}
          hint={t('analyzers.fields.enableNeedsFields')}
          disabled={hydrated && !ready && fields.enabled.initialValue !== 'on'}
        />
        <SettingField
          field={fields.baseUrl}
          type="url"
          label={t('analyzers.fields.baseUrl')}
          required
        />
        <SecretField
          field={fields.token}
          label={t('analyzers.fields.apiToken')}
          stored={data.stored.token}
          required
        />
        <CheckboxField
          field={fields.ignoreUnfixed}
          label={t('analyzers.fields.ignoreUnfixed')}
          hint={t('analyzers.fields.ignoreUnfixedHint')}
        />
        <CheckboxField field={fields.scanLibrary} label={t('analyzers.fields.scanLibrary')} />
        <CheckboxField field={fields.scanOs} label={t('analyzers.fields.scanOs')} />
      </SettingsCard>
    </SourcePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
