import { Link, useSearchParams } from '@remix-run/react'
import { Check, ChevronDown, ChevronRight, Layers } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { ProjectRow } from '~/api/projects.server.ts'
import { ListTable, Truncated } from '~/components/list-kit/list-table.tsx'
import { listHref } from '~/components/list-kit/url-state.ts'
import { Measured } from '~/components/measurement.tsx'
import { SeverityBar, ViolationBar } from '~/components/metrics/count-bars.tsx'
import { formatDate } from '~/utils/date.ts'
import { measuredRiskScore } from '~/utils/measurement.ts'
import { cn } from '~/utils/misc.ts'

const COLUMNS = [
  { key: 'name', labelKey: 'projects.columns.name', sort: 'name' },
  { key: 'tags', labelKey: 'projects.columns.tags', className: 'hidden 2xl:table-cell' },
  { key: 'version', labelKey: 'projects.columns.version', sort: 'version' },
  { key: 'isLatest', labelKey: 'projects.columns.latest', sort: 'isLatest' },
  {
    key: 'classifier',
    labelKey: 'projects.columns.classifier',
    sort: 'classifier',
    className: 'hidden 2xl:table-cell',
  },
  { key: 'lastBomImport', labelKey: 'projects.columns.lastBomImport', sort: 'lastBomImport' },
  {
    key: 'bomFormat',
    labelKey: 'projects.columns.bomFormat',
    sort: 'lastBomImportFormat',
    className: 'hidden 2xl:table-cell',
  },
  { key: 'riskScore', labelKey: 'projects.columns.riskScore', sort: 'lastInheritedRiskScore' },
  { key: 'active', labelKey: 'projects.columns.active', sort: 'active' },
  {
    key: 'policyViolations',
    labelKey: 'projects.columns.policyViolations',
    className: 'hidden 2xl:table-cell',
  },
  { key: 'vulnerabilities', labelKey: 'projects.columns.vulnerabilities' },
]

export function toggleExpanded(current: URLSearchParams, uuid: string) {
  const expanded = (current.get('expand') ?? '').split(',').filter(Boolean)
  const next = expanded.includes(uuid) ? expanded.filter((id) => id !== uuid) : [...expanded, uuid]
  return listHref(current, { expand: next.join(',') || undefined })
}

export function ProjectTable({
  projects,
  childrenOf,
  tree,
  showInactive,
}: {
  projects: ProjectRow[]
  childrenOf: Record<string, ProjectRow[]>
  tree: boolean
  showInactive: boolean
}) {
  const { t } = useTranslation()
  return (
    <ListTable
      caption={t('pages.projects')}
      columns={COLUMNS.map(({ labelKey, ...column }) => ({ ...column, label: t(labelKey) }))}
    >
      {projects.map((project) => (
        <ProjectRows
          key={project.uuid}
          project={project}
          depth={0}
          childrenOf={childrenOf}
          tree={tree}
          showInactive={showInactive}
        />
      ))}
    </ListTable>
  )
}

function ProjectRows({
  project,
  depth,
  childrenOf,
  tree,
  showInactive,
}: {
  project: ProjectRow
  depth: number
  childrenOf: Record<string, ProjectRow[]>
  tree: boolean
  showInactive: boolean
}) {
  const { t, i18n } = useTranslation()
  const [searchParams] = useSearchParams()
  const expandable =
    tree && (project.children ?? []).some((child) => showInactive || child.active !== false)
  const children = childrenOf[project.uuid]
  const expanded = Boolean(children)
  const label = project.version ? `${project.name} ${project.version}` : project.name
  const tags = project.tags ?? []

  return (
    <>
      <tr className={cn('border-t', project.active === false && 'text-muted-foreground')}>
        <td className="px-3 py-2">
          <div className="flex items-center gap-1" style={{ paddingLeft: `${depth * 1.25}rem` }}>
            {expandable ? (
              <Link
                to={toggleExpanded(searchParams, project.uuid)}
                preventScrollReset
                aria-expanded={expanded}
                className="rounded p-0.5 hover:bg-accent"
              >
                {expanded ? (
                  <ChevronDown aria-hidden className="size-4" />
                ) : (
                  <ChevronRight aria-hidden className="size-4" />
                )}
                <span className="sr-only">
                  {t(expanded ? 'projects.collapse' : 'projects.expand', { name: label })}
                </span>
              </Link>
            ) : tree ? (
              <span className="inline-block size-5" aria-hidden />
            ) : null}
            <Link
              to={`/projects/${project.uuid}`}
              title={project.name}
              className="block max-w-[14rem] truncate font-medium text-primary hover:underline"
            >
              {project.name}
            </Link>
            {project.collectionLogic && project.collectionLogic !== 'NONE' ? (
              <span
                title={t(`projects.collectionLogicHint.${project.collectionLogic}`, {
                  tag: project.collectionTag?.name ?? '',
                })}
              >
                <Layers aria-hidden className="size-4 text-primary" />
                <span className="sr-only">
                  {t(`projects.collectionLogicHint.${project.collectionLogic}`, {
                    tag: project.collectionTag?.name ?? '',
                  })}
                </span>
              </span>
            ) : null}
          </div>
        </td>
        <td className="hidden px-3 py-2 2xl:table-cell">
          <div className="flex flex-wrap gap-1">
            {tags.map((tag) => (
              <Link
                key={tag.name}
                to={`/projects?${new URLSearchParams({ tag: tag.name })}`}
                className="rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground hover:underline"
              >
                {tag.name}
              </Link>
            ))}
          </div>
        </td>
        <td className="px-3 py-2">
          <Truncated text={project.version} className="max-w-[8rem]" />
        </td>
        <td className="px-3 py-2">
          {project.isLatest ? (
            <Check aria-label={t('projects.columns.latest')} className="size-4" />
          ) : null}
        </td>
        <td className="hidden px-3 py-2 2xl:table-cell">
          {project.classifier ? (
            <Link
              to={`/projects?${new URLSearchParams({ classifier: project.classifier })}`}
              className="hover:underline"
            >
              {t(`classifier.${project.classifier}`)}
            </Link>
          ) : null}
        </td>
        <td className="whitespace-nowrap px-3 py-2">
          {project.lastBomImport
            ? formatDate(project.lastBomImport, i18n.language, { withTime: true })
            : '-'}
        </td>
        <td className="hidden px-3 py-2 2xl:table-cell">{project.lastBomImportFormat}</td>
        <td className="px-3 py-2">
          <Measured value={measuredRiskScore(project)} />
        </td>
        <td className="px-3 py-2">
          {project.active !== false ? (
            <Check aria-label={t('projects.columns.active')} className="size-4" />
          ) : null}
        </td>
        <td className="hidden px-3 py-2 2xl:table-cell">
          <ViolationBar metrics={project.metrics} />
        </td>
        <td className="px-3 py-2">
          <SeverityBar metrics={project.metrics} />
        </td>
      </tr>
      {children?.map((child) => (
        <ProjectRows
          key={child.uuid}
          project={child}
          depth={depth + 1}
          childrenOf={childrenOf}
          tree={tree}
          showInactive={showInactive}
        />
      ))}
    </>
  )
}
