import { Link } from '@remix-run/react'
import { Check } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ListTable, Truncated } from '~/components/list-kit/list-table.tsx'
import { Measured } from '~/components/measurement.tsx'
import { measuredRiskScore } from '~/utils/measurement.ts'

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
  metrics?: unknown
  project?: { uuid: string; name: string; version?: string }
}

/** Columns shown only on wide screens; narrower ones scroll less and keep the essentials. */
const wide = 'hidden 2xl:table-cell'

const COLUMNS = [
  { key: 'name', labelKey: 'components.columns.name', sort: 'name' },
  { key: 'version', labelKey: 'components.columns.version', sort: 'version' },
  {
    key: 'group',
    labelKey: 'components.columns.group',
    sort: 'group',
    className: 'hidden 2xl:table-cell',
  },
  { key: 'purl', labelKey: 'projects.create.purl', sort: 'purl' },
  { key: 'internal', labelKey: 'components.columns.internal' },
  { key: 'cpe', labelKey: 'projects.create.cpe', sort: 'cpe', className: wide },
  {
    key: 'swidTagId',
    labelKey: 'projects.create.swidTagId',
    sort: 'swidTagId',
    className: wide,
  },
  { key: 'project', labelKey: 'pages.project', sort: 'project.name' },
  { key: 'license', labelKey: 'components.columns.license', sort: 'license' },
  { key: 'riskScore', labelKey: 'components.columns.riskScore', sort: 'lastInheritedRiskScore' },
]

const identity = 'px-3 py-2 font-mono text-xs'

/** The portfolio-wide component search results, sortable through the URL. */
export function ResultsTable({ components }: { components: FoundComponentRow[] }) {
  const { t } = useTranslation()
  return (
    <ListTable
      caption={t('componentSearch.results.caption')}
      columns={COLUMNS.map(({ labelKey, ...column }) => ({ ...column, label: t(labelKey) }))}
    >
      {components.map((component) => {
        const licenseName =
          component.resolvedLicense?.name ??
          component.resolvedLicense?.licenseId ??
          component.license ??
          component.licenseExpression
        const project = component.project
        const projectLabel = project?.version ? `${project.name} ${project.version}` : project?.name
        return (
          <tr key={component.uuid} className="border-t align-top">
            <td className="px-3 py-2">
              <Link
                to={`/components/${component.uuid}`}
                title={component.name}
                className="block max-w-[12rem] truncate font-medium text-primary hover:underline"
              >
                {component.name}
              </Link>
              <Truncated
                text={component.group}
                className="max-w-[12rem] text-xs text-muted-foreground 2xl:hidden"
              />
            </td>
            <td className="px-3 py-2">
              <Truncated text={component.version} className="max-w-[7rem]" />
            </td>
            <td className="hidden px-3 py-2 2xl:table-cell">
              <Truncated text={component.group} className="max-w-[10rem]" />
            </td>
            <td className={identity}>
              <Truncated text={component.purl} className="max-w-[11rem]" />
            </td>
            <td className="px-3 py-2">
              {component.isInternal ? (
                <Check aria-label={t('components.columns.internal')} className="size-4" />
              ) : null}
            </td>
            <td className={`${identity} ${wide}`}>
              <Truncated text={component.cpe} />
            </td>
            <td className={`${identity} ${wide}`}>
              <Truncated text={component.swidTagId} />
            </td>
            <td className="px-3 py-2">
              {project ? (
                <Link
                  to={`/projects/${project.uuid}`}
                  title={projectLabel}
                  className="block max-w-[9rem] truncate text-primary hover:underline"
                >
                  {projectLabel}
                </Link>
              ) : null}
            </td>
            <td className="px-3 py-2">
              {component.resolvedLicense?.licenseId ? (
                <Link
                  to={`/licenses/${encodeURIComponent(component.resolvedLicense.licenseId)}`}
                  title={licenseName}
                  className="block max-w-[7rem] truncate text-primary hover:underline"
                >
                  {licenseName}
                </Link>
              ) : (
                <Truncated text={licenseName} className="max-w-[7rem]" />
              )}
            </td>
            <td className="px-3 py-2">
              <Measured value={measuredRiskScore(component)} />
            </td>
          </tr>
        )
      })}
    </ListTable>
  )
}
