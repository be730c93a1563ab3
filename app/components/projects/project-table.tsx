import { Link, useSearchParams } from '@remix-run/react'
import { Check, ChevronDown, ChevronRight, Layers } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { headerCellClass, SortHeader } from '~/components/list-controls.tsx'
import type { ProjectRow } from '~/api/projects.server.ts'
import { formatDate } from '~/utils/date.ts'
import { cn } from '~/utils/misc.ts'
import { toggleExpanded } from './list-url.ts'

type SortableColumn =
  | 'name'
  | 'version'
  | 'isLatest'
  | 'classifier'
  | 'lastBomImport'
  | 'lastBomImportFormat'
  | 'lastInheritedRiskScore'
  | 'active'

const COLUMNS: Array<{ key: string; labelKey: string; sort?: SortableColumn; className?: string }> =
  [
    { key: 'name', labelKey: 'projects.columns.name', sort: 'name' },
    { key: 'tags', labelKey: 'projects.columns.tags', className: 'hidden 2xl:table-cell' },
    { key: 'version', labelKey: 'projects.columns.version', sort: 'version' },
    { key: 'isLatest', labelKey: 'projects.columns.latest', sort: 'isLatest' },
    { key: 'classifier', labelKey: 'projects.columns.classifier', sort: 'classifier' },
    { key: 'lastBomImport', labelKey: 'projects.columns.lastBomImport', sort: 'lastBomImport' },
    { key: 'bomFormat', labelKey: 'projects.columns.bomFormat', sort: 'lastBomImportFormat' },
    { key: 'riskScore', labelKey: 'projects.columns.riskScore', sort: 'lastInheritedRiskScore' },
    { key: 'active', labelKey: 'projects.columns.active', sort: 'active' },
    { key: 'vulnerabilities', labelKey: 'projects.columns.vulnerabilities' },
  ]

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
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-left text-sm">
        <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {COLUMNS.map((column) =>
              column.sort ? (
                <SortHeader
                  key={column.key}
                  column={column.sort}
                  label={t(column.labelKey)}
                  className={column.className}
                />
              ) : (
                <th key={column.key} scope="col" className={cn(headerCellClass, column.className)}>
                  {t(column.labelKey)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
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
        </tbody>
      </table>
    </div>
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
              className="font-medium text-primary hover:underline"
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
        <td className="px-3 py-2">{project.version}</td>
        <td className="px-3 py-2">
          {project.isLatest ? (
            <Check aria-label={t('projects.columns.latest')} className="size-4" />
          ) : null}
        </td>
        <td className="px-3 py-2">
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
        <td className="px-3 py-2">{project.lastBomImportFormat}</td>
        <td className="px-3 py-2">{project.lastInheritedRiskScore ?? 0}</td>
        <td className="px-3 py-2">
          {project.active !== false ? (
            <Check aria-label={t('projects.columns.active')} className="size-4" />
          ) : null}
        </td>
        <td className="px-3 py-2">
          {project.metrics ? (project.metrics.vulnerabilities ?? 0) : '-'}
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
