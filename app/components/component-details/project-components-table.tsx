import { Link } from '@remix-run/react'
import { Check, Network } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ListTable, SelectRowCell, Truncated } from '~/components/list-kit/list-table.tsx'
import { Measured } from '~/components/measurement.tsx'
import { VersionWithStatus } from '~/components/version-status.tsx'
import { measuredRiskScore } from '~/utils/measurement.ts'

export interface ProjectComponentRow {
  uuid: string
  name: string
  version?: string
  group?: string
  isInternal?: boolean
  license?: string
  licenseExpression?: string
  resolvedLicense?: { licenseId?: string }
  lastInheritedRiskScore?: number
  metrics?: unknown
  purl?: string
  repositoryMeta?: { latestVersion?: string }
}

/**
 * The columns the Components tab sorts by, as the API's sortName. The license column is not
 * among them: the API orders by the license text as imported, while the column shows the
 * resolved license, so the order would look arbitrary.
 */
export const COMPONENT_SORTABLE = [
  'name',
  'version',
  'group',
  'internal',
  'lastInheritedRiskScore',
] as const

/** Columns a reader may show (4.13 hides Latest Version until asked). */
export const COMPONENT_OPTIONAL_COLUMNS = ['latestVersion'] as const
export type ComponentOptionalColumn = (typeof COMPONENT_OPTIONAL_COLUMNS)[number]
export const COMPONENT_OPTIONAL_LABELS: Record<ComponentOptionalColumn, string> = {
  latestVersion: 'components.columns.latestVersion',
}

const COLUMNS: Array<{
  key: string
  labelKey: string
  sort?: (typeof COMPONENT_SORTABLE)[number]
  optional?: ComponentOptionalColumn
}> = [
  { key: 'name', labelKey: 'components.columns.name', sort: 'name' },
  { key: 'version', labelKey: 'components.columns.version', sort: 'version' },
  {
    key: 'latestVersion',
    labelKey: 'components.columns.latestVersion',
    optional: 'latestVersion',
  },
  { key: 'group', labelKey: 'components.columns.group', sort: 'group' },
  { key: 'internal', labelKey: 'components.columns.internal', sort: 'internal' },
  { key: 'license', labelKey: 'components.columns.license' },
  { key: 'riskScore', labelKey: 'components.columns.riskScore', sort: 'lastInheritedRiskScore' },
]

/**
 * A project's components, sortable through the URL. Rows join the Remove form (`removeForm`)
 * when the reader may manage them; the dependency graph shortcut appears only when the project
 * has a graph to show.
 */
export function ProjectComponentsTable({
  projectUuid,
  components,
  caption,
  removeForm,
  hasGraph,
  visible,
}: {
  projectUuid: string
  components: ProjectComponentRow[]
  caption: string
  removeForm?: string
  hasGraph: boolean
  /** The optional columns shown. */
  visible: readonly ComponentOptionalColumn[]
}) {
  const { t } = useTranslation()
  const showLatest = visible.includes('latestVersion')
  return (
    <ListTable
      caption={caption}
      selectAll={
        removeForm
          ? {
              name: 'componentUuid',
              form: removeForm,
              label: t('componentDetails.remove.selectAll'),
            }
          : undefined
      }
      columns={COLUMNS.filter(
        (column) => !column.optional || visible.includes(column.optional),
      ).map(({ labelKey, ...column }) => ({ ...column, label: t(labelKey) }))}
    >
      {components.map((component) => (
        <tr key={component.uuid} className="border-t">
          {removeForm ? (
            <SelectRowCell
              name="componentUuid"
              value={component.uuid}
              form={removeForm}
              label={t('componentDetails.remove.select', { name: component.name })}
            />
          ) : null}
          <td className="px-3 py-2">
            <span className="flex items-center gap-2">
              <Link
                to={`/components/${component.uuid}`}
                title={component.name}
                className="block max-w-[18rem] truncate font-medium text-primary hover:underline"
              >
                {component.name}
              </Link>
              {hasGraph ? (
                <Link
                  to={`/projects/${projectUuid}/dependencyGraph/${component.uuid}`}
                  title={t('componentDetails.showInGraph')}
                  className="rounded text-muted-foreground hover:text-foreground"
                >
                  <Network aria-hidden className="size-4" />
                  <span className="sr-only">{t('componentDetails.showInGraph')}</span>
                </Link>
              ) : null}
            </span>
          </td>
          <td className="px-3 py-2">
            <VersionWithStatus
              component={{ ...component, latestVersion: component.repositoryMeta?.latestVersion }}
              className="max-w-[12rem]"
            />
          </td>
          {showLatest ? (
            <td className="px-3 py-2">
              <Truncated text={component.repositoryMeta?.latestVersion} className="max-w-[10rem]" />
            </td>
          ) : null}
          <td className="px-3 py-2">
            <Truncated text={component.group} className="max-w-[12rem]" />
          </td>
          <td className="px-3 py-2">
            {component.isInternal ? (
              <Check aria-label={t('components.columns.internal')} className="size-4" />
            ) : null}
          </td>
          <td className="px-3 py-2">
            <Truncated
              text={
                component.resolvedLicense?.licenseId ??
                component.license ??
                component.licenseExpression
              }
            />
          </td>
          <td className="px-3 py-2">
            <Measured value={measuredRiskScore(component)} />
          </td>
        </tr>
      ))}
    </ListTable>
  )
}
