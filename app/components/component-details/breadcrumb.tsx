import { Link } from '@remix-run/react'
import { ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'

/** Projects ▸ the component's project ▸ its components ▸ the component. */
export function ComponentBreadcrumb({
  project,
  name,
}: {
  project: { uuid: string; name: string; version?: string }
  name: string
}) {
  const { t } = useTranslation()
  const projectLabel = project.version ? `${project.name} ${project.version}` : project.name
  return (
    <nav aria-label={t('componentDetails.breadcrumb')}>
      <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
        <li>
          <Link to="/projects" className="hover:text-foreground hover:underline">
            {t('pages.projects')}
          </Link>
        </li>
        <li className="flex items-center gap-1">
          <ChevronRight aria-hidden className="size-4" />
          <Link to={`/projects/${project.uuid}`} className="text-primary hover:underline">
            {projectLabel}
          </Link>
        </li>
        <li className="flex items-center gap-1">
          <ChevronRight aria-hidden className="size-4" />
          <Link
            to={`/projects/${project.uuid}/components`}
            className="hover:text-foreground hover:underline"
          >
            {t('project.tabs.components')}
          </Link>
        </li>
        <li aria-current="page" className="flex items-center gap-1 text-foreground">
          <ChevronRight aria-hidden className="size-4" />
          {name}
        </li>
      </ol>
    </nav>
  )
}
