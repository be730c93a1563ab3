import { Form, Link, useNavigate } from '@remix-run/react'
import { Layers, Network } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ProjectFull } from '~/api/projects.server.ts'
import { SeverityRings } from '~/components/metrics/severity-rings.tsx'
import { Button } from '~/components/ui/button.tsx'
import { ViewDetailsLink } from './details-dialog.tsx'
import { ExternalReferencesMenu } from './header-extras.tsx'

/**
 * The project page's header card (4.13 §7.1): name, version switcher, badges, tags, the
 * severity rings and the inherited risk score of the latest metrics.
 */
export function ProjectHeader({ project }: { project: ProjectFull }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const isCollection = Boolean(project.collectionLogic && project.collectionLogic !== 'NONE')
  const versions = (project.versions ?? []).filter((version) => version.uuid !== project.uuid)
  const active = versions.filter((version) => version.active !== false)
  const inactive = versions.filter((version) => version.active === false)
  const versionLabel = (version?: string) => version ?? t('project.noVersion')

  return (
    <header className="flex flex-col gap-3 rounded-lg border bg-card p-5">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 flex-col gap-3">
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
        </div>
        <SeverityRings
          metrics={project.metrics}
          riskScore={project.metrics?.inheritedRiskScore ?? project.lastInheritedRiskScore}
          idPrefix="project"
        />
      </div>
      <div className="flex flex-wrap items-center gap-4 border-t pt-3">
        <ViewDetailsLink />
        <ExternalReferencesMenu references={project.externalReferences ?? []} />
      </div>
    </header>
  )
}
