import { useTranslation } from 'react-i18next'
import type { Finding } from '~/api/findings.server.ts'
import { cellClass, ListTable, type ListColumn } from '~/components/list-kit/list-table.tsx'
import { SuppressedCell, ComponentLink, cvssOf, formatScore, VulnerabilityLink } from './cells.tsx'

const COLUMNS = [
  { key: 'component', labelKey: 'components.columns.name', sort: 'component.name' },
  { key: 'version', labelKey: 'components.columns.version', sort: 'component.version' },
  { key: 'group', labelKey: 'components.columns.group', sort: 'component.group' },
  {
    key: 'vulnerability',
    labelKey: 'findings.columns.vulnerability',
    sort: 'vulnerability.vulnId',
  },
  { key: 'cvss', labelKey: 'findings.columns.cvss', sort: 'cvss', className: 'text-right' },
  { key: 'epss', labelKey: 'findings.columns.epss', sort: 'epssScore', className: 'text-right' },
  {
    key: 'epssPercentile',
    labelKey: 'findings.columns.epssPercentile',
    sort: 'epssPercentile',
    className: 'text-right',
  },
  { key: 'suppressed', labelKey: 'findings.columns.suppressed', sort: 'suppressed' },
]

/** The Exploit Predictions table (4.13 §7.9). */
export function EpssTable({
  projectUuid,
  rows,
  caption,
}: {
  projectUuid: string
  rows: Finding[]
  caption: string
}) {
  const { t } = useTranslation()
  const columns: ListColumn[] = COLUMNS.map(({ labelKey, ...column }) => ({
    ...column,
    label: t(labelKey),
  }))
  return (
    <ListTable caption={caption} columns={columns}>
      {rows.map((finding) => (
        <tr key={finding.matrix} className="border-t align-top">
          <td className={cellClass}>
            <ComponentLink projectUuid={projectUuid} component={finding.component} />
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>{finding.component.version}</td>
          <td className={cellClass}>{finding.component.group}</td>
          <td className={cellClass}>
            <VulnerabilityLink
              source={finding.vulnerability.source}
              vulnId={finding.vulnerability.vulnId}
            />
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>
            {formatScore(cvssOf(finding), 'cvss')}
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>
            {formatScore(finding.vulnerability.epssScore, 'epss')}
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>
            {formatScore(finding.vulnerability.epssPercentile, 'epss')}
          </td>
          <td className={cellClass}>
            <SuppressedCell value={finding.analysis.isSuppressed} />
          </td>
        </tr>
      ))}
    </ListTable>
  )
}
