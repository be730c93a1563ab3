import { Link } from '@remix-run/react'
import { Check, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ListTable } from '~/components/list-kit/list-table.tsx'
import { Measured } from '~/components/measurement.tsx'
import { measuredCount, measuredRiskScore } from '~/utils/measurement.ts'

export interface ServiceRow {
  uuid: string
  name: string
  group?: string
  version?: string
  authenticated?: boolean
  crossesTrustBoundary?: boolean
  lastInheritedRiskScore?: number
  metrics?: unknown
}

const COLUMNS = [
  { key: 'name', labelKey: 'services.columns.name', sort: 'name' },
  { key: 'version', labelKey: 'services.columns.version', sort: 'version' },
  { key: 'authenticated', labelKey: 'services.columns.authenticated' },
  { key: 'trustBoundary', labelKey: 'services.columns.trustBoundary' },
  { key: 'riskScore', labelKey: 'services.columns.riskScore', sort: 'lastInheritedRiskScore' },
  { key: 'vulnerabilities', labelKey: 'services.columns.vulnerabilities' },
]

/** The 4.13 Services tab table; sorting is a link, so it works without JavaScript. */
export function ServiceTable({ services, caption }: { services: ServiceRow[]; caption: string }) {
  const { t } = useTranslation()

  return (
    <ListTable
      caption={caption}
      columns={COLUMNS.map(({ labelKey, ...column }) => ({ ...column, label: t(labelKey) }))}
    >
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
          <td className="px-3 py-2">
            <Measured value={measuredRiskScore(service)} />
          </td>
          <td className="px-3 py-2">
            <Measured value={measuredCount(service.metrics, 'vulnerabilities')} />
          </td>
        </tr>
      ))}
    </ListTable>
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
