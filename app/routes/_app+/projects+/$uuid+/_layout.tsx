import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { isProcessing } from '~/api/components.server.ts'
import {
  getProjectFull,
  hasActiveDescendant,
  listProperties,
  parentChoices,
  type ParentChoice,
  type ProjectFull,
  type ProjectProperty,
} from '~/api/projects.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { RouteTabs } from '~/components/route-tabs.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { AddVersionDialog } from '~/components/project-details/add-version-dialog.tsx'
import { DeleteProjectDialog } from '~/components/project-details/delete-dialog.tsx'
import { ProjectDetailsDialog } from '~/components/project-details/details-dialog.tsx'
import { CloneStatusBanner } from '~/components/project-details/header-extras.tsx'
import { ProjectHeader } from '~/components/project-details/project-header.tsx'
import {
  CreatePropertyDialog,
  PropertiesDialog,
} from '~/components/project-details/properties-dialog.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { meetsRequirement } from '~/utils/permissions.ts'
import { visibleTabs } from '~/utils/project-tabs.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import { DETAIL_INTENTS, runDetailsAction } from './__project-details-actions.server.ts'
import {
  AddVersionFormSchema,
  CreatePropertyFormSchema,
  dialogState,
  UpdateProjectFormSchema,
} from './__project-details.server.ts'

const MANAGE = 'PORTFOLIO_MANAGEMENT'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const t = await getFixedT(request, context)
  let project
  try {
    project = await getProjectFull(api, params.uuid ?? '')
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
  const label = project.version ? `${project.name} ▸ ${project.version}` : project.name
  const url = new URL(request.url)
  const canManage = meetsRequirement(permissions, MANAGE)
  const dialog = dialogState(url.searchParams, canManage)
  const [parents, activeLocked, properties, clone] = await Promise.all([
    dialog.kind === 'details' && canManage ? parentChoices(api, project.uuid) : noParents,
    dialog.kind === 'details' && canManage && project.active !== false
      ? hasActiveDescendant(api, project.children ?? [])
      : false,
    dialog.kind === 'properties' && !dialog.create
      ? listProperties(api, project.uuid)
      : noProperties,
    cloneStatus(api, url.searchParams, project.versions ?? []),
  ])
  const search = dialog.kind === 'properties' ? dialog.search?.toLowerCase() : undefined
  return json({
    project,
    permissions,
    canManage,
    dialog,
    parents,
    activeLocked,
    properties: search
      ? properties.filter((property) =>
          [property.groupName, property.propertyName, property.propertyValue, property.description]
            .filter(Boolean)
            .some((text) => text!.toLowerCase().includes(search)),
        )
      : properties,
    clone,
    constraints: {
      update: getZodConstraint(UpdateProjectFormSchema),
      property: getZodConstraint(CreatePropertyFormSchema),
      addVersion: getZodConstraint(AddVersionFormSchema),
    },
    title: t('meta.title', { page: label }),
  })
}

const noParents: ParentChoice[] = []
const noProperties: ProjectProperty[] = []
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** An Add Version clone in the URL: still running, or done and found among the versions. */
async function cloneStatus(
  api: Awaited<ReturnType<typeof requireUser>>['api'],
  params: URLSearchParams,
  versions: Array<{ uuid: string; version?: string }>,
) {
  const token = params.get('cloning') ?? ''
  const version = params.get('clone')?.trim()
  if (!UUID.test(token) || !version) return undefined
  const processing = await isProcessing(api, token).catch(() => false)
  const created = versions.find((candidate) => candidate.version === version)
  return { version, processing: processing && !created, createdUuid: created?.uuid }
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE)
  const formData = await request.formData()
  const intent = formData.get('intent')
  if (!DETAIL_INTENTS.includes(intent as (typeof DETAIL_INTENTS)[number])) {
    throw new Response('Invalid intent', { status: 400 })
  }
  const t = await getFixedT(request, context)
  return runDetailsAction(intent as (typeof DETAIL_INTENTS)[number], {
    api,
    context,
    formData,
    uuid: params.uuid ?? '',
    t,
  })
}

export const meta = titleMeta

/** The project header and tabs; each tab is a child route. */
export default function ProjectLayout() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { project, permissions, dialog, canManage } = data
  const { t } = useTranslation()
  const resultFor = (intent: string) =>
    actionData && 'intent' in actionData && actionData.intent === intent
      ? actionData.result
      : undefined
  const isCollection = Boolean(project.collectionLogic && project.collectionLogic !== 'NONE')

  return (
    <div className="flex flex-col gap-6">
      <ProjectHeader project={project} />
      {data.clone ? <CloneStatusBanner clone={data.clone} /> : null}

      <RouteTabs
        label={t('project.tabsLabel')}
        tabs={visibleTabs(isCollection, permissions).map((tab) => ({
          to: tab.path ? `/projects/${project.uuid}/${tab.path}` : `/projects/${project.uuid}`,
          label: t(tab.labelKey),
          badge: tabBadge(tab.path, project.metrics),
          // Deeper addresses (a dependency-graph lookup) keep their tab marked.
          end: !tab.path,
        }))}
      />
      <Outlet />

      {dialog.kind === 'details' ? (
        <ProjectDetailsDialog
          project={project}
          tab={dialog.tab}
          canManage={canManage}
          activeLocked={data.activeLocked}
          parents={data.parents}
          constraint={data.constraints.update}
          lastResult={resultFor('update')}
        />
      ) : null}
      {dialog.kind === 'delete' ? (
        <DeleteProjectDialog project={project} childCount={project.children?.length ?? 0} />
      ) : null}
      {dialog.kind === 'properties' && !dialog.create ? (
        <PropertiesDialog
          projectUuid={project.uuid}
          properties={data.properties}
          search={dialog.search}
        />
      ) : null}
      {dialog.kind === 'properties' && dialog.create ? (
        <CreatePropertyDialog
          projectUuid={project.uuid}
          constraint={data.constraints.property}
          lastResult={resultFor('createProperty')}
        />
      ) : null}
      {dialog.kind === 'addVersion' ? (
        <AddVersionDialog
          projectUuid={project.uuid}
          constraint={data.constraints.addVersion}
          lastResult={resultFor('addVersion')}
        />
      ) : null}
    </div>
  )
}

/** 4.13's tab badges that come from the latest metrics (suppressed ones not counted). */
function tabBadge(path: string, metrics: ProjectFull['metrics']) {
  if (path === 'findings') return metrics?.findingsTotal
  if (path === 'policyViolations') return metrics?.policyViolationsTotal
  return undefined
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
