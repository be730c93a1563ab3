import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, NavLink, Outlet, useLoaderData, useNavigate } from '@remix-run/react'
import { Layers, Network } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { getProject } from '~/api/projects.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { cn } from '~/utils/misc.ts'
import { visibleTabs } from '~/utils/project-tabs.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const t = await getFixedT(request, context)
  let project
  try {
    project = await getProject(api, params.uuid ?? '')
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
  return json({ project, permissions, title: t('meta.title', { page: label }) })
}

export const meta = titleMeta

/** The project header and tabs; each tab is a child route. */
export default function ProjectLayout() {
  const { project, permissions } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
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
      </header>

      <nav aria-label={t('project.tabsLabel')} className="overflow-x-auto border-b">
        <ul className="flex gap-1">
          {visibleTabs(isCollection, permissions).map((tab) => (
            <li key={tab.path}>
              <NavLink
                to={
                  tab.path ? `/projects/${project.uuid}/${tab.path}` : `/projects/${project.uuid}`
                }
                end
                className={({ isActive }) =>
                  cn(
                    'block whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm hover:text-foreground',
                    isActive
                      ? 'border-primary font-semibold text-foreground'
                      : 'text-muted-foreground',
                  )
                }
              >
                {t(tab.labelKey)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
