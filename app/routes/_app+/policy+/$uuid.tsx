import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ChevronRight, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { namedCwes } from '~/api/cwe.server.ts'
import { listAllLicenseGroups, listConciseLicenses } from '~/api/licenses.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { ConditionsEditor } from '~/components/policies/condition-editor.tsx'
import {
  DeletePolicyDialog,
  PolicyGeneralForm,
} from '~/components/policies/policy-general-form.tsx'
import { ViolationStateLabel } from '~/components/policies/policy-labels.tsx'
import { PolicyLimits } from '~/components/policies/policy-limits.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import {
  changeLimit,
  loadPolicy,
  removePolicy,
  saveConditions,
  saveGeneral,
  saveScope,
  type ActionScope,
} from './__policy-actions.server.ts'
import { licenseCatalog, storedConditionsEditor } from './__policy-conditions.server.ts'
import {
  PICKER_PAGE_SIZE,
  PickerParamsSchema,
  PolicyFormSchema,
  pickProjects,
  pickTags,
} from './__policy-editor.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'POLICY_MANAGEMENT')
  const t = await getFixedT(request, context)
  const policy = await loadPolicy(api, params.uuid ?? '')
  const query = PickerParamsSchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const canPick = permissions.includes('VIEW_PORTFOLIO')
  const cweIds = policy.policyConditions
    .filter((condition) => condition.subject === 'CWE')
    .flatMap((condition) => (condition.value.match(/\d+/g) ?? []).map(Number))
  const [licenses, licenseGroups, projectResults, tagResults, cwes] = await Promise.all([
    listConciseLicenses(api),
    listAllLicenseGroups(api),
    canPick && query.projectSearch !== undefined
      ? pickProjects(api, query.projectSearch, query.projectPage)
      : undefined,
    canPick && query.tagSearch !== undefined
      ? pickTags(api, query.tagSearch, query.tagPage)
      : undefined,
    namedCwes(api, [...new Set(cweIds)]).catch(() => []),
  ])
  return json({
    policy,
    editor: storedConditionsEditor(policy, licenseCatalog(licenses).licenseIdOf),
    catalog: {
      licenses: licenses.map(({ licenseId, name }) => ({ licenseId, name })),
      licenseGroups: licenseGroups.map(({ uuid, name }) => ({ uuid, name })),
      cweNames: Object.fromEntries(
        cwes.flatMap((cwe) => (cwe.name ? [[cwe.cweId, cwe.name]] : [])),
      ),
    },
    canPick,
    projectResults,
    tagResults,
    pickerPageSize: PICKER_PAGE_SIZE,
    confirmDelete: query.delete !== undefined,
    constraint: getZodConstraint(PolicyFormSchema),
    title: t('meta.title', { page: policy.name }),
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, 'POLICY_MANAGEMENT')
  const t = await getFixedT(request, context)
  const scope: ActionScope = { api, context, request, t, uuid: params.uuid ?? '' }
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  switch (intent) {
    case 'general':
      return saveGeneral(scope, formData)
    case 'scope':
      return saveScope(scope, formData)
    case 'saveConditions':
    case 'redraw':
    case 'addRows':
      return saveConditions(scope, formData, intent)
    case 'limitProject':
    case 'unlimitProject':
    case 'limitTag':
    case 'unlimitTag':
      return changeLimit(scope, formData)
    case 'delete':
      return removePolicy(scope, (await loadPolicy(api, scope.uuid)).name)
    default:
      throw new Response('Invalid intent', { status: 400 })
  }
}

export const meta = titleMeta

function Section({
  id,
  title,
  children,
}: {
  id: string
  title: string
  children: React.ReactNode
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-lg border bg-card p-5">
      <h3 id={id} className="text-lg font-semibold">
        {title}
      </h3>
      {children}
    </section>
  )
}

/** One policy's editor (§16.1, §16.2): each part saves on its own, the conditions as one form. */
export default function PolicyEditorRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const { policy } = data
  const here = `/policy/${policy.uuid}`
  const editor = actionData && 'editor' in actionData ? actionData.editor : data.editor
  const generalResult = actionData && 'result' in actionData ? actionData.result : undefined
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <nav aria-label={t('policyEditor.breadcrumb')} className="text-sm text-muted-foreground">
          <ol className="flex items-center gap-1">
            <li>
              <Link to="/policy" className="hover:underline">
                {t('policy.tabs.policies')}
              </Link>
            </li>
            <li aria-hidden>
              <ChevronRight className="size-3" />
            </li>
            <li aria-current="page" className="break-all">
              {policy.name}
            </li>
          </ol>
        </nav>
        <div className="flex flex-wrap items-center gap-3">
          <h2 className="break-all text-xl font-semibold">{policy.name}</h2>
          <ViolationStateLabel state={policy.violationState} />
          <Button asChild variant="outline" size="sm" className="ml-auto">
            <Link to="?delete" preventScrollReset>
              <Trash2 aria-hidden />
              {t('policyEditor.delete.open')}
            </Link>
          </Button>
        </div>
      </header>
      <Section id="policy-general-title" title={t('policyEditor.general.title')}>
        <PolicyGeneralForm
          key={`${policy.name}-${policy.operator}-${policy.violationState}`}
          policy={policy}
          constraint={data.constraint}
          lastResult={generalResult}
        />
      </Section>
      <Section id="policy-conditions-title" title={t('policyEditor.conditions.title')}>
        <p className="text-sm text-muted-foreground">
          {t(`policyEditor.conditions.explain${policy.operator}`)}
        </p>
        <ConditionsEditor view={editor} catalog={data.catalog} />
      </Section>
      <Section id="policy-limits-title" title={t('policyEditor.limits.title')}>
        <PolicyLimits
          policy={policy}
          canPick={data.canPick}
          projectResults={data.projectResults}
          tagResults={data.tagResults}
          pageSize={data.pickerPageSize}
        />
      </Section>
      {data.confirmDelete ? <DeletePolicyDialog name={policy.name} closeTo={here} /> : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
