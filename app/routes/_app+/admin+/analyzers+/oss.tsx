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
  HelpLink,
  SettingsCard,
  SourcePage,
} from '~/components/vulnerability-sources/source-page.tsx'
import { ossFormSchema, ossFormValues, ossSettings, ossStored } from './__analyzer-forms.server.ts'
import { analyzerAction, loadAnalyzerPage } from './__analyzer.server.ts'

export async function loader(args: LoaderFunctionArgs) {
  const { settings, name, title } = await loadAnalyzerPage(args, 'oss')
  const stored = ossStored(settings)
  return json({
    name,
    title,
    stored,
    values: ossFormValues(settings),
    constraint: getZodConstraint(ossFormSchema(stored)),
  })
}

export const action = (args: ActionFunctionArgs) =>
  analyzerAction(args, 'oss', { stored: ossStored, schema: ossFormSchema, settings: ossSettings })

export const meta = titleMeta

export default function OssIndexAnalyzerRoute() {
  const { t } = useTranslation()
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const [form, fields] = useForm<z.input<ReturnType<typeof ossFormSchema>>>({
    id: 'oss-analyzer',
    constraint: data.constraint,
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: data.values,
  })

  return (
    <SourcePage
      title={data.name}
      intro={t('analyzers.intro.oss')}
      section="admin.sections.analyzers"
    >
      <SettingsCard
        formProps={getFormProps(form)}
        formErrorId={form.errorId}
        formErrors={form.errors}
      >
        <CheckboxField field={fields.enabled} label={t('analyzers.fields.enableOss')} />
        <CheckboxField
          field={fields.aliasSync}
          label={t('vulnSources.fields.aliasSync')}
          hint={t('vulnSources.fields.aliasSyncHint')}
          disabled={hydrated && fields.enabled.value !== 'on'}
        />
        <SettingField
          field={fields.username}
          type="email"
          label={t('analyzers.fields.ossUsername')}
          required
        />
        <SecretField
          field={fields.token}
          label={t('analyzers.fields.apiToken')}
          stored={data.stored.token}
          required
        />
        <p className="text-sm">
          <HelpLink href="https://ossindex.sonatype.org/user/register">
            {t('analyzers.fields.ossRegister')}
          </HelpLink>
        </p>
      </SettingsCard>
    </SourcePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
