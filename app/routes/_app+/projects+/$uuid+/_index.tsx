import { Link, useRouteLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { FactsSection, type Fact } from '~/components/facts-section.tsx'
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
  const facts: Fact[] = [
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
  return <FactsSection id="project-facts" title={t('project.facts.title')} facts={facts} />
}
