import { Link, useRouteLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '~/utils/date.ts'
import { Identifier } from '~/components/identifier.tsx'
import type { loader as projectLoader } from './_layout.tsx'

/** The overview tab: the project's facts (charts arrive with metrics). */
export default function ProjectOverview() {
  const data = useRouteLoaderData<typeof projectLoader>('routes/_app+/projects+/$uuid+/_layout')
  const { t, i18n } = useTranslation()
  if (!data) return null
  const { project } = data
  const when = (value: number | undefined) =>
    value ? formatDate(value, i18n.language, { withTime: true }) : t('project.never')
  const facts: Array<[string, React.ReactNode]> = [
    [
      t('project.facts.classifier'),
      project.classifier ? t(`classifier.${project.classifier}`) : null,
    ],
    [t('project.facts.lastBomImport'), when(project.lastBomImport)],
    [t('project.facts.bomFormat'), project.lastBomImportFormat],
    [t('project.facts.lastVulnerabilityAnalysis'), when(project.lastVulnerabilityAnalysis)],
    [
      t('project.facts.parent'),
      project.parent ? (
        <Link to={`/projects/${project.parent.uuid}`} className="text-primary hover:underline">
          {project.parent.version
            ? `${project.parent.name} ${project.parent.version}`
            : project.parent.name}
        </Link>
      ) : null,
    ],
    [t('project.facts.group'), project.group],
    [t('project.facts.purl'), project.purl],
    [t('project.facts.cpe'), project.cpe],
    [t('project.facts.swidTagId'), project.swidTagId],
    [t('project.facts.uuid'), <Identifier key="uuid" value={project.uuid} />],
  ]
  return (
    <section aria-labelledby="project-facts" className="rounded-lg border bg-card p-5">
      <h2 id="project-facts" className="mb-4 text-lg font-semibold">
        {t('project.facts.title')}
      </h2>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
        {facts
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  )
}
