import { Link } from '@remix-run/react'
import { Check, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { headerCellClass, SortHeader } from '~/components/list-controls.tsx'

export interface ServiceRow {
  uuid: string
  name: string
  group?: string
  version?: string
  authenticated?: boolean
  crossesTrustBoundary?: boolean
  lastInheritedRiskScore?: number
}

type SortableColumn = 'name' | 'version' | 'lastInheritedRiskScore'

const COLUMNS: Array<{ key: string; labelKey: string; sort?: SortableColumn }> = [
  { key: 'name', labelKey: 'services.columns.name', sort: 'name' },
  { key: 'version', labelKey: 'services.columns.version', sort: 'version' },
  { key: 'authenticated', labelKey: 'services.columns.authenticated' },
  { key: 'trustBoundary', labelKey: 'services.columns.trustBoundary' },
  { key: 'riskScore', labelKey: 'services.columns.riskScore', sort: 'lastInheritedRiskScore' },
  { key: 'vulnerabilities', labelKey: 'services.columns.vulnerabilities' },
]

/** The 4.13 Services tab table; sorting is a link, so it works without JavaScript. */
export function ServiceTable({ services }: { services: ServiceRow[] }) {
  const { t } = useTranslation()

  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-left text-sm">
        <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {COLUMNS.map((column) =>
              column.sort ? (
                <SortHeader key={column.key} column={column.sort} label={t(column.labelKey)} />
              ) : (
                <th key={column.key} scope="col" className={headerCellClass}>
                  {t(column.labelKey)}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {services.map((service) => (
            <tr key={service.uuid} className="border-t">
              <td className="px-3 py-2">
                <Link
                  to={`/services/${service.uuid}`}
                  className="font-medium text-primary hover:underline"
                >
                  {service.name}
                </Link>
                {service.group ? (
                  <span className="block text-xs text-muted-foreground">{service.group}</span>
                ) : null}
              </td>
              <td className="px-3 py-2">{service.version}</td>
              <td className="px-3 py-2">
                <YesNo
                  value={service.authenticated}
                  yes={t('services.flags.authenticated')}
                  no={t('services.flags.notAuthenticated')}
                />
              </td>
              <td className="px-3 py-2">
                <YesNo
                  value={service.crossesTrustBoundary}
                  yes={t('services.flags.crosses')}
                  no={t('services.flags.notCrosses')}
                />
              </td>
              <td className="px-3 py-2">{service.lastInheritedRiskScore ?? 0}</td>
              <td className="px-3 py-2" title={t('services.noMetrics')}>
                -
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

/** A check for true, a cross for false, a dash when the BOM did not say. */
export function YesNo({ value, yes, no }: { value: boolean | undefined; yes: string; no: string }) {
  const { t } = useTranslation()
  if (value === true) return <Check role="img" aria-label={yes} className="size-4" />
  if (value === false)
    return <X role="img" aria-label={no} className="size-4 text-muted-foreground" />
  return (
    <span role="img" aria-label={t('services.unknown')} className="text-muted-foreground">
      –
    </span>
  )
}
