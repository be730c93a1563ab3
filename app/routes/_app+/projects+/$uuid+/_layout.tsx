import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, Outlet, useActionData, useLoaderData, useNavigate } from '@remix-run/react'
import { Layers, Network } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { isProcessing } from '~/api/components.server.ts'
import {
  getProjectFull,
  hasActiveDescendant,
  listProperties,
  parentChoices,
  type ParentChoice,
  type ProjectProperty,
} from '~/api/projects.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { RouteTabs } from '~/components/route-tabs.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { AddVersionDialog } from '~/components/project-details/add-version-dialog.tsx'
import { DeleteProjectDialog } from '~/components/project-details/delete-dialog.tsx'
import {
  ProjectDetailsDialog,
  ViewDetailsLink,
} from '~/components/project-details/details-dialog.tsx'
import {
  CloneStatusBanner,
  ExternalReferencesMenu,
} from '~/components/project-details/header-extras.tsx'
import {
  CreatePropertyDialog,
  PropertiesDialog,
} from '~/components/project-details/properties-dialog.tsx'
import { Button } from '~/components/ui/button.tsx'
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
  const navigate = useNavigate()
  const isCollection = Boolean(project.collectionLogic && project.collectionLogic !== 'NONE')
  const versions = (project.versions ?? []).filter((version) => version.uuid !== project.uuid)
  const active = versions.filter((version) => version.active !== false)
  const inactive = versions.filter((version) => version.active === false)
  const versionLabel = (version?: string) => version ?? t('project.noVersion')

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3 rounded-lg border bg-card p-5">
        <div className="flex flex-wrap items-center gap-3">
          <Network aria-hidden className="size-6 text-muted-foreground" />
          <h1 className="text-2xl font-semibold tracking-tight">{project.name}</h1>
          {project.version ? (
            <span className="text-xl text-muted-foreground">{project.version}</span>
          ) : null}
          {isCollection ? (
            <span
              title={t(`projects.collectionLogicHint.${project.collectionLogic}`, {
                tag: project.collectionTag?.name ?? '',
              })}
            >
              <Layers aria-hidden className="size-5 text-primary" />
              <span className="sr-only">
                {t(`projects.collectionLogicHint.${project.collectionLogic}`, {
                  tag: project.collectionTag?.name ?? '',
                })}
              </span>
            </span>
          ) : null}
          {project.active === false ? (
            <span className="rounded bg-muted px-2 py-0.5 text-xs font-semibold uppercase">
              {t('project.inactive')}
            </span>
          ) : null}
          {project.isLatest ? (
            <span className="rounded bg-primary px-2 py-0.5 text-xs font-semibold uppercase text-primary-foreground">
              {t('project.latest')}
            </span>
          ) : null}
        </div>
        {project.description ? (
          <p
            className="max-w-prose truncate text-sm text-muted-foreground"
            title={project.description}
          >
            {project.description}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          {(project.tags ?? []).map((tag) => (
            <Link
              key={tag.name}
              to={`/projects?${new URLSearchParams({ tag: tag.name })}`}
              className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground hover:underline"
            >
              {tag.name}
            </Link>
          ))}
          {versions.length > 0 ? (
            <Form
              method="get"
              action="/projects/version"
              className="ml-auto flex items-center gap-2"
              onSubmit={(event) => {
                event.preventDefault()
                const target = new FormData(event.currentTarget).get('uuid')
                if (typeof target === 'string' && target) navigate(`/projects/${target}`)
              }}
            >
              <label htmlFor="version-switcher" className="text-sm text-muted-foreground">
                {t('project.otherVersions')}
              </label>
              <select
                id="version-switcher"
                name="uuid"
                className="h-9 rounded-md border border-input bg-background px-2 text-sm"
                defaultValue=""
                onChange={(event) => event.currentTarget.form?.requestSubmit()}
              >
                <option value="" disabled>
                  {versionLabel(project.version)}
                </option>
                {active.map((version) => (
                  <option key={version.uuid} value={version.uuid}>
                    {versionLabel(version.version)}
                  </option>
                ))}
                {inactive.length > 0 ? (
                  <optgroup label={t('project.inactiveVersions')}>
                    {inactive.map((version) => (
                      <option key={version.uuid} value={version.uuid}>
                        {versionLabel(version.version)}
                      </option>
                    ))}
                  </optgroup>
                ) : null}
              </select>
              <Button type="submit" size="sm" variant="secondary">
                {t('project.goToVersion')}
              </Button>
            </Form>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-4 border-t pt-3">
          <ViewDetailsLink />
          <ExternalReferencesMenu references={project.externalReferences ?? []} />
        </div>
      </header>
      {data.clone ? <CloneStatusBanner clone={data.clone} /> : null}

      <RouteTabs
        label={t('project.tabsLabel')}
        tabs={visibleTabs(isCollection, permissions).map((tab) => ({
          to: tab.path ? `/projects/${project.uuid}/${tab.path}` : `/projects/${project.uuid}`,
          label: t(tab.labelKey),
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

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
