import { Link } from '@remix-run/react'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { headerCellClass, SortHeader } from '~/components/list-controls.tsx'

export interface FoundComponentRow {
  uuid: string
  name: string
  version?: string
  group?: string
  purl?: string
  cpe?: string
  swidTagId?: string
  isInternal?: boolean
  license?: string
  licenseExpression?: string
  resolvedLicense?: { licenseId?: string; name?: string }
  lastInheritedRiskScore?: number
  project?: { uuid: string; name: string; version?: string }
}

const COLUMNS: Array<{ key: string; labelKey: string; sort?: string }> = [
  { key: 'name', labelKey: 'components.columns.name', sort: 'name' },
  { key: 'version', labelKey: 'components.columns.version', sort: 'version' },
  { key: 'group', labelKey: 'components.columns.group', sort: 'group' },
  { key: 'purl', labelKey: 'projects.create.purl', sort: 'purl' },
  { key: 'internal', labelKey: 'components.columns.internal' },
  { key: 'cpe', labelKey: 'projects.create.cpe', sort: 'cpe' },
  { key: 'swidTagId', labelKey: 'projects.create.swidTagId', sort: 'swidTagId' },
  { key: 'project', labelKey: 'pages.project', sort: 'project.name' },
  { key: 'license', labelKey: 'components.columns.license', sort: 'license' },
  { key: 'riskScore', labelKey: 'components.columns.riskScore', sort: 'lastInheritedRiskScore' },
]

const breakable = 'min-w-[16ch] max-w-[18rem] break-all px-3 py-2 font-mono text-xs'

/** The portfolio-wide component search results, sortable through the URL. */
export function ResultsTable({ components }: { components: FoundComponentRow[] }) {
  const { t } = useTranslation()
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('componentSearch.results.caption')}</caption>
        <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {COLUMNS.map((column) =>
              column.sort ? (
                <SortHeader key={column.key} label={t(column.labelKey)} column={column.sort} />
              ) : (
                <th key={column.key} scope="col" className={headerCellClass}>
                  {t(column.labelKey)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {components.map((component) => {
            const licenseName =
              component.resolvedLicense?.name ??
              component.resolvedLicense?.licenseId ??
              component.license ??
              component.licenseExpression
            const project = component.project
            return (
              <tr key={component.uuid} className="border-t align-top">
                <td className="px-3 py-2">
                  <Link
                    to={`/components/${component.uuid}`}
                    className="font-medium text-primary hover:underline"
                  >
                    {component.name}
                  </Link>
                </td>
                <td className="whitespace-nowrap px-3 py-2">{component.version}</td>
                <td className="px-3 py-2">{component.group}</td>
                <td className={breakable}>{component.purl}</td>
                <td className="px-3 py-2">
                  {component.isInternal ? (
                    <Check aria-label={t('components.columns.internal')} className="size-4" />
                  ) : null}
                </td>
                <td className={breakable}>{component.cpe}</td>
                <td className={breakable}>{component.swidTagId}</td>
                <td className="whitespace-nowrap px-3 py-2">
                  {project ? (
                    <Link to={`/projects/${project.uuid}`} className="text-primary hover:underline">
                      {project.version ? `${project.name} ${project.version}` : project.name}
                    </Link>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  {component.resolvedLicense?.licenseId ? (
                    <Link
                      to={`/licenses/${encodeURIComponent(component.resolvedLicense.licenseId)}`}
                      className="text-primary hover:underline"
                    >
                      {licenseName}
                    </Link>
                  ) : (
                    licenseName
                  )}
                </td>
                <td className="px-3 py-2 tabular-nums">{component.lastInheritedRiskScore ?? 0}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
