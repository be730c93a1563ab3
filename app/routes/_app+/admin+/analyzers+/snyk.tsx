import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { SecretField, SelectField, SettingField } from '~/components/analyzers/fields.tsx'
import { useHydrated } from '~/utils/use-hydrated.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import {
  CheckboxField,
  HelpLink,
  SettingsCard,
  SourcePage,
} from '~/components/vulnerability-sources/source-page.tsx'
import {
  snykFormSchema,
  snykFormValues,
  snykSettings,
  snykStored,
} from './__analyzer-forms.server.ts'
import { SNYK_CVSS_SOURCES } from './__analyzer-options.ts'
import { analyzerAction, loadAnalyzerPage } from './__analyzer.server.ts'

export async function loader(args: LoaderFunctionArgs) {
  const { settings, name, title } = await loadAnalyzerPage(args, 'snyk')
  const stored = snykStored(settings)
  return json({
    name,
    title,
    stored,
    values: snykFormValues(settings),
    constraint: getZodConstraint(snykFormSchema(stored)),
  })
}

export const action = (args: ActionFunctionArgs) =>
  analyzerAction(args, 'snyk', {
    stored: snykStored,
    schema: snykFormSchema,
    settings: snykSettings,
  })

export const meta = titleMeta

export default function SnykAnalyzerRoute() {
  const { t } = useTranslation()
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const hydrated = useHydrated()
  const [form, fields] = useForm<z.input<ReturnType<typeof snykFormSchema>>>({
    id: 'snyk-analyzer',
    constraint: data.constraint,
    lastResult: actionData && 'result' in actionData ? actionData.result : undefined,
    defaultValue: data.values,
  })
  const ready =
    !!fields.baseUrl.value &&
    !!fields.orgId.value &&
    (!!fields.token.value || data.stored.token) &&
    !!fields.apiVersion.value

  return (
    <SourcePage
      title={data.name}
      intro={t('analyzers.intro.snyk')}
      section="admin.sections.analyzers"
    >
      <SettingsCard
        formProps={getFormProps(form)}
        formErrorId={form.errorId}
        formErrors={form.errors}
      >
        <CheckboxField
          field={fields.enabled}
          label={t('analyzers.fields.enableSnyk')}
          hint={t('analyzers.fields.enableNeedsFields')}
          disabled={hydrated && !ready && fields.enabled.initialValue !== 'on'}
        />
        <CheckboxField
          field={fields.aliasSync}
          label={t('vulnSources.fields.aliasSync')}
          hint={t('analyzers.fields.snykAliasWarning')}
        />
        <SettingField
          field={fields.baseUrl}
          type="url"
          label={t('analyzers.fields.baseUrl')}
          required
        />
        <div className="flex flex-col gap-2">
          <SettingField field={fields.orgId} label={t('analyzers.fields.snykOrgId')} required />
          <p className="text-sm">
            <HelpLink href="https://docs.snyk.io/snyk-admin/groups-and-organizations/organizations/organization-general-settings">
              {t('analyzers.fields.snykOrgIdHelp')}
            </HelpLink>
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <SecretField
            field={fields.token}
            label={t('analyzers.fields.apiToken')}
            stored={data.stored.token}
            hint={t('analyzers.fields.snykTokensHint')}
            required
          />
          <p className="text-sm">
            <HelpLink href="https://docs.snyk.io/snyk-api/authentication-for-api">
              {t('analyzers.fields.snykTokenHelp')}
            </HelpLink>
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <SettingField
            field={fields.apiVersion}
            label={t('analyzers.fields.snykApiVersion')}
            hint={t('analyzers.fields.snykApiVersionWarning')}
            required
          />
          <p className="text-sm">
            <HelpLink href="https://apidocs.snyk.io/">{t('analyzers.fields.snykApiDocs')}</HelpLink>
          </p>
        </div>
        <div className="flex flex-col gap-2">
          <SelectField
            field={fields.cvssSource}
            label={t('analyzers.fields.cvssSource')}
            options={SNYK_CVSS_SOURCES.map((value) => ({ value, label: value }))}
          />
          <p className="text-sm">
            <HelpLink href="https://docs.snyk.io/scan-using-snyk/find-and-manage-priority-issues/severity-levels">
              {t('analyzers.fields.cvssSourceHelp')}
            </HelpLink>
          </p>
        </div>
      </SettingsCard>
    </SourcePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
