import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { Box, ChevronRight, ExternalLink, Network, Search, Settings2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { getComponent, listComponentProperties } from '~/api/components.server.ts'
import { ComponentBreadcrumb } from '~/components/component-details/breadcrumb.tsx'
import { ComponentDetailsDialog } from '~/components/component-details/details-dialog.tsx'
import { ComponentTabs } from '~/components/findings/component-tabs.tsx'
import { ComponentFacts } from '~/components/component-details/overview.tsx'
import { MetricsPanel } from '~/components/metrics/metrics-panel.tsx'
import { SeverityRings } from '~/components/metrics/severity-rings.tsx'
import {
  CreatePropertyDialog,
  DeleteComponentDialog,
  PropertiesDialog,
} from '~/components/component-details/properties-dialogs.tsx'
import { ExternalReferencesTable } from '~/components/external-references.tsx'
import { InternalBadge } from '~/components/component-details/internal-badge.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { meetsRequirement } from '~/utils/permissions.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import {
  COMPONENT_PROPERTY_TYPES,
  ComponentFormSchema,
  PropertyFormSchema,
} from './__component-form.server.ts'
import {
  componentAction,
  componentLabel,
  componentMetrics,
  DIALOGS,
  formValues,
  type DialogName,
} from './__component-page.server.ts'

const MANAGE = 'PORTFOLIO_MANAGEMENT'
const MANAGER_DIALOGS: readonly DialogName[] = ['createProperty', 'delete']

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const t = await getFixedT(request, context)
  const uuid = params.uuid ?? ''
  let component
  try {
    component = await getComponent(api, uuid)
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw new Response('Not Found', { status: 404 })
    }
    if (error instanceof ApiError && error.status === 403) {
      throw await redirectWithToast(context, '/projects', {
        type: 'error',
        title: t('errors.forbidden'),
      })
    }
    throw error
  }
  const canManage = meetsRequirement(permissions, MANAGE)
  const search = new URL(request.url).searchParams
  const dialog = DIALOGS.find(
    (name) => search.has(name) && (canManage || !MANAGER_DIALOGS.includes(name)),
  )
  const [properties, metrics] = await Promise.all([
    dialog === 'properties' ? listComponentProperties(api, uuid) : undefined,
    componentMetrics(api, uuid, search),
  ])
  return json({
    component,
    label: componentLabel(component),
    formValues: formValues(component),
    canManage,
    dialog,
    properties,
    metrics,
    propertyTypes: COMPONENT_PROPERTY_TYPES,
    componentConstraint: getZodConstraint(ComponentFormSchema),
    propertyConstraint: getZodConstraint(PropertyFormSchema),
    title: t('meta.title', { page: componentLabel(component) }),
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE)
  const t = await getFixedT(request, context)
  return componentAction(api, context, t, params.uuid ?? '', await request.formData(), request)
}

export const meta = titleMeta

export default function ComponentRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const { component } = data
  const project = component.project
  const page = `/components/${component.uuid}`
  const lastResult = actionData && 'result' in actionData ? actionData.result : undefined
  const references = component.externalReferences ?? []

  return (
    <div className="flex flex-col gap-6">
      <ComponentBreadcrumb project={project} name={component.name} />

      <header className="flex flex-col gap-4 rounded-lg border bg-card p-5">
        <div className="flex flex-wrap items-center gap-3">
          <Box aria-hidden className="size-6 text-muted-foreground" />
          <h1 className="flex flex-wrap items-baseline gap-x-2 text-2xl font-semibold tracking-tight">
            {component.group ? (
              <>
                <span className="text-muted-foreground">{component.group}</span>
                <span aria-hidden className="text-muted-foreground">
                  ▸
                </span>
              </>
            ) : null}
            <span>{component.name}</span>
            {component.version ? (
              <>
                <span aria-hidden className="text-muted-foreground">
                  ▸
                </span>
                <span className="text-xl text-muted-foreground">{component.version}</span>
              </>
            ) : null}
          </h1>
          <InternalBadge internal={component.isInternal === true} />
          <Link
            to={`/projects/${project.uuid}/dependencyGraph/${component.uuid}`}
            className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
          >
            <Network aria-hidden className="size-4" />
            {t('componentDetails.showInGraph')}
          </Link>
        </div>
        {component.description ? (
          <p className="max-w-prose text-sm text-muted-foreground">{component.description}</p>
        ) : null}
        <SeverityRings
          metrics={data.metrics.latest}
          riskScore={data.metrics.latest?.inheritedRiskScore}
          idPrefix="component"
        />
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link to={`${page}?details`} preventScrollReset>
              {t('componentDetails.details.open')}
              <ChevronRight aria-hidden />
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={`${page}?properties`} preventScrollReset>
              <Settings2 aria-hidden />
              {t('componentDetails.properties.open')}
            </Link>
          </Button>
          {component.purl ? (
            <Button asChild variant="outline" size="sm">
              <Link
                to={`/components?${new URLSearchParams({ subject: 'PACKAGE_URL', q: component.purl })}`}
              >
                <Search aria-hidden />
                {t('componentDetails.alsoUsedIn')}
              </Link>
            </Button>
          ) : null}
        </div>
      </header>

      <ComponentTabs uuid={component.uuid} />
      <MetricsPanel
        title={t('componentDetails.overview.vulnerabilities')}
        idPrefix="component-overview"
        view={{ ...data.metrics, canRefresh: data.canManage }}
      />
      <ComponentFacts component={component} />

      <section aria-labelledby="component-references" className="rounded-lg border bg-card p-5">
        <h2
          id="component-references"
          className="mb-4 flex items-center gap-2 text-lg font-semibold"
        >
          <ExternalLink aria-hidden className="size-4" />
          {t('componentDetails.references.title')}
        </h2>
        <ExternalReferencesTable references={references} />
      </section>

      {data.dialog === 'details' ? (
        <ComponentDetailsDialog
          component={component}
          defaultValue={data.formValues}
          constraint={data.componentConstraint}
          lastResult={lastResult}
          canManage={data.canManage}
          closeTo={page}
          propertiesTo={`${page}?properties`}
          deleteTo={`${page}?delete`}
        />
      ) : null}
      {data.dialog === 'properties' ? (
        <PropertiesDialog
          properties={data.properties ?? []}
          canManage={data.canManage}
          closeTo={page}
          createTo={`${page}?createProperty`}
        />
      ) : null}
      {data.dialog === 'createProperty' ? (
        <CreatePropertyDialog
          types={data.propertyTypes}
          constraint={data.propertyConstraint}
          lastResult={lastResult}
          closeTo={`${page}?properties`}
        />
      ) : null}
      {data.dialog === 'delete' ? (
        <DeleteComponentDialog label={data.label} closeTo={`${page}?details`} />
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
