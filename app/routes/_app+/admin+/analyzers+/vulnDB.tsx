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
  vulnDbFormSchema,
  vulnDbFormValues,
  vulnDbSettings,
  vulnDbStored,
} from './__analyzer-forms.server.ts'
import { analyzerAction, loadAnalyzerPage } from './__analyzer.server.ts'

export async function loader(args: LoaderFunctionArgs) {
  const { settings, name, title } = await loadAnalyzerPage(args, 'vulnDB')
  const stored = vulnDbStored(settings)
  return json({
    name,
    title,
    stored,
    values: vulnDbFormValues(settings),
    constraint: getZodConstraint(vulnDbFormSchema(stored)),
  })
}

export const action = (args: ActionFunctionArgs) =>
  analyzerAction(args, 'vulnDB', {
    stored: vulnDbStored,
    schema: vulnDbFormSchema,
    settings: vulnDbSettings,
  })

export const meta = titleMeta

export default function VulnDbAnalyzerRoute() {
  const { t } = useTranslation()
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const [form, fields] = useForm<z.input<ReturnType<typeof vulnDbFormSchema>>>({
    id: 'vulndb-analyzer',
    constraint: data.constraint,
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: data.values,
  })
  const ready = !!fields.consumerKey.value && (!!fields.consumerSecret.value || data.stored.secret)

  return (
    <SourcePage
      title={data.name}
      intro={t('analyzers.intro.vulnDB')}
      section="admin.sections.analyzers"
    >
      <SettingsCard
        formProps={getFormProps(form)}
        formErrorId={form.errorId}
        formErrors={form.errors}
      >
        <CheckboxField
          field={fields.enabled}
          label={t('analyzers.fields.enableVulnDb')}
          disabled={hydrated && !ready && fields.enabled.initialValue !== 'on'}
        />
        <SettingField
          field={fields.consumerKey}
          label={t('analyzers.fields.consumerKey')}
          required
        />
        <SecretField
          field={fields.consumerSecret}
          label={t('analyzers.fields.consumerSecret')}
          stored={data.stored.secret}
          required
        />
      </SettingsCard>
    </SourcePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
