import { Link } from '@remix-run/react'
import { Check, Network } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cellClass, ListTable } from '~/components/list-kit/list-table.tsx'
import { cn } from '~/utils/misc.ts'

interface AffectedProjectRow {
  uuid: string
  name: string
  version?: string | null
  active?: boolean
  dependencyGraphAvailable?: boolean
  affectedComponentUuids?: string[]
}

const COLUMNS = [
  { key: 'name', labelKey: 'vulnerabilities.affectedProjects.name', sort: 'name' },
  { key: 'version', labelKey: 'vulnerabilities.affectedProjects.version', sort: 'version' },
  { key: 'active', labelKey: 'vulnerabilities.affectedProjects.active', sort: 'active' },
]

/**
 * Name (to the project's findings of this vulnerability, and to the dependency graph drawn to
 * the affected components when the project has one), version and whether it is active.
 */
export function AffectedProjectsTable({
  projects,
  vulnId,
}: {
  projects: AffectedProjectRow[]
  vulnId: string
}) {
  const { t } = useTranslation()
  return (
    <ListTable
      caption={t('vulnerabilities.tabs.affectedProjects')}
      columns={COLUMNS.map(({ labelKey, ...column }) => ({ ...column, label: t(labelKey) }))}
    >
      {projects.map((project) => {
        const label = project.version ? `${project.name} ${project.version}` : project.name
        const components = project.affectedComponentUuids ?? []
        return (
          <tr
            key={project.uuid}
            className={cn('border-t', project.active === false && 'text-muted-foreground')}
          >
            <td className={cellClass}>
              <span className="flex items-center gap-2">
                <Link
                  to={`/projects/${project.uuid}/findings/${encodeURIComponent(vulnId)}`}
                  className="font-medium text-primary hover:underline"
                >
                  {project.name}
                </Link>
                {project.dependencyGraphAvailable && components.length > 0 ? (
                  <Link
                    to={`/projects/${project.uuid}/dependencyGraph/${components.join('|')}`}
                    title={t('vulnerabilities.affectedProjects.graph', { name: label })}
                    className="rounded p-1 text-muted-foreground hover:bg-accent hover:text-foreground"
                  >
                    <Network aria-hidden className="size-4" />
                    <span className="sr-only">
                      {t('vulnerabilities.affectedProjects.graph', { name: label })}
                    </span>
                  </Link>
                ) : null}
              </span>
            </td>
            <td className={cellClass}>{project.version}</td>
            <td className={cellClass}>
              {project.active === false ? (
                <span className="sr-only">{t('vulnerabilities.affectedProjects.inactive')}</span>
              ) : (
                <>
                  <Check aria-hidden className="size-4 text-success" />
                  <span className="sr-only">{t('vulnerabilities.affectedProjects.activeYes')}</span>
                </>
              )}
            </td>
          </tr>
        )
      })}
    </ListTable>
  )
}
