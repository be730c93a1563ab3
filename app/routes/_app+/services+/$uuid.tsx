import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ArrowLeftRight, ChevronRight, Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import {
  deleteService,
  getService,
  listProjectServices,
  updateService,
  type Service,
} from '~/api/services.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { ServiceDetailsDialog, detailTab } from '~/components/services/service-details-dialog.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Measured } from '~/components/measurement.tsx'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { failedSubmission } from '~/utils/form-refusal.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import { measuredRiskScore } from '~/utils/measurement.ts'
import { mergeServiceEdits, ServiceFormSchema } from './__services.server.ts'
import {
  ConfirmDeleteDialog,
  ServiceFacts,
  serviceLabel,
} from '~/components/services/service-page-parts.tsx'

const SIBLINGS_SHOWN = 10

async function loadService(
  request: Request,
  context: LoaderFunctionArgs['context'],
  api: Parameters<typeof getService>[0],
  uuid: string,
): Promise<Service> {
  try {
    return await getService(api, uuid)
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) {
      throw new Response('Not Found', { status: 404 })
    }
    if (error instanceof ApiError && error.status === 403) {
      const t = await getFixedT(request, context)
      throw await redirectWithToast(context, '/projects', {
        type: 'error',
        title: t('errors.forbidden'),
      })
    }
    throw error
  }
}

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const t = await getFixedT(request, context)
  const service = await loadService(request, context, api, params.uuid ?? '')
  const url = new URL(request.url)
  const siblings = service.project
    ? await listProjectServices(api, service.project.uuid, {
        pageNumber: 1,
        pageSize: SIBLINGS_SHOWN + 1,
      }).catch(() => ({ services: [], total: 0 }))
    : { services: [], total: 0 }
  const canEdit = permissions.includes('PORTFOLIO_MANAGEMENT')
  return json({
    service,
    others: {
      services: siblings.services
        .filter((other) => other.uuid !== service.uuid)
        .slice(0, SIBLINGS_SHOWN)
        .map(({ uuid, name, group, version }) => ({ uuid, name, group, version })),
      total: Math.max(0, siblings.total - 1),
    },
    canEdit,
    tab: detailTab(url.searchParams.get('details')),
    confirmDelete: canEdit && url.searchParams.has('delete'),
    constraint: getZodConstraint(ServiceFormSchema),
    title: t('meta.title', { page: serviceLabel(service) }),
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, 'PORTFOLIO_MANAGEMENT')
  const t = await getFixedT(request, context)
  const uuid = params.uuid ?? ''
  const formData = await request.formData()
  const intent = formData.get('intent')
  const current = await loadService(request, context, api, uuid)
  const backToProject = current.project ? `/projects/${current.project.uuid}/services` : '/projects'

  if (intent === 'delete') {
    try {
      await deleteService(api, uuid)
    } catch (error) {
      if (!(error instanceof ApiError)) throw error
      return redirectWithToast(
        context,
        `/services/${uuid}`,
        toastForFailedResponse(error.response, t),
      )
    }
    return redirectWithToast(context, backToProject, {
      type: 'success',
      title: t('services.delete.done', { name: current.name }),
    })
  }
  if (intent !== 'update') throw new Response('Invalid intent', { status: 400 })

  const submission = parseWithZod(formData, { schema: ServiceFormSchema })
  if (submission.status !== 'success') {
    return json({ result: submission.reply() }, { status: 400 })
  }
  try {
    await updateService(api, mergeServiceEdits(current, submission.value))
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return failedSubmission(context, t, submission, error, [])
  }
  return redirectWithToast(context, `/services/${uuid}`, {
    type: 'success',
    title: t('services.details.updated'),
  })
}

export const meta = titleMeta

export default function ServiceRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const { service } = data
  const project = service.project
  const projectLabel = project
    ? project.version
      ? `${project.name} ${project.version}`
      : project.name
    : undefined

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 rounded-lg border bg-card p-5">
        {project ? (
          <nav aria-label={t('services.breadcrumb')} className="text-sm text-muted-foreground">
            <ol className="flex flex-wrap items-center gap-1">
              <li>
                <Link to="/projects" className="hover:underline">
                  {t('pages.projects')}
                </Link>
              </li>
              <li aria-hidden>
                <ChevronRight className="size-3" />
              </li>
              <li>
                <Link to={`/projects/${project.uuid}/services`} className="hover:underline">
                  {projectLabel}
                </Link>
              </li>
            </ol>
          </nav>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <ArrowLeftRight aria-hidden className="size-6 text-muted-foreground" />
          <h1 className="break-all text-2xl font-semibold tracking-tight">
            {serviceLabel(service)}
          </h1>
          {service.authenticated ? (
            <span className="rounded bg-secondary px-2 py-0.5 text-xs font-semibold uppercase text-secondary-foreground">
              {t('services.badges.authenticated')}
            </span>
          ) : null}
          {service.crossesTrustBoundary ? (
            <span className="rounded bg-primary px-2 py-0.5 text-xs font-semibold uppercase text-primary-foreground">
              {t('services.badges.trustBoundary')}
            </span>
          ) : null}
        </div>
        {service.description ? (
          <p className="max-w-prose text-sm text-muted-foreground">{service.description}</p>
        ) : null}
        <div>
          <Button asChild variant="outline" size="sm">
            <Link to="?details=identity" preventScrollReset>
              {t('services.details.open')}
              <ChevronRight aria-hidden />
            </Link>
          </Button>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <ServiceFacts service={service} projectLabel={projectLabel} />
        <div className="flex flex-col gap-6">
          <section
            aria-labelledby="service-vulnerabilities"
            className="rounded-lg border bg-card p-5"
          >
            <h2 id="service-vulnerabilities" className="mb-3 text-lg font-semibold">
              {t('services.overview.vulnerabilities')}
            </h2>
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
              {t('services.overview.noMeasurements')}
            </p>
            <dl className="mt-3 flex items-baseline justify-between text-sm">
              <dt className="text-muted-foreground">{t('services.columns.riskScore')}</dt>
              <dd className="text-lg font-semibold">
                <Measured value={measuredRiskScore(service)} />
              </dd>
            </dl>
          </section>
          {project ? (
            <section aria-labelledby="service-others" className="rounded-lg border bg-card p-5">
              <h2 id="service-others" className="mb-1 text-lg font-semibold">
                {t('services.overview.others')}
              </h2>
              <p className="mb-3 text-xs text-muted-foreground">
                {t('services.overview.othersHint')}
              </p>
              {data.others.services.length === 0 ? (
                <p className="text-sm text-muted-foreground">{t('services.overview.noOthers')}</p>
              ) : (
                <ul className="flex flex-col gap-1 text-sm">
                  {data.others.services.map((other) => (
                    <li key={other.uuid}>
                      <Link to={`/services/${other.uuid}`} className="text-primary hover:underline">
                        {serviceLabel(other)}
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
              {data.others.total > data.others.services.length ? (
                <Link
                  to={`/projects/${project.uuid}/services`}
                  className="mt-3 inline-block text-sm text-primary hover:underline"
                >
                  {t('services.overview.allServices', { count: data.others.total + 1 })}
                </Link>
              ) : null}
            </section>
          ) : null}
        </div>
      </div>

      {data.tab ? (
        <ServiceDetailsDialog
          service={service}
          tab={data.tab}
          canEdit={data.canEdit}
          constraint={data.constraint}
          lastResult={actionData?.result}
        />
      ) : null}
      {data.confirmDelete ? <ConfirmDeleteDialog service={service} /> : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
