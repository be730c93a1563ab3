import { useTranslation } from 'react-i18next'
import type { Vulnerability } from '~/api/vulnerabilities.server.ts'
import { cellClass, ListTable, type ListColumn } from '~/components/list-kit/list-table.tsx'
import { KevBadge, SeverityLabel } from '~/components/vulnerabilities/labels.tsx'
import { formatDate } from '~/utils/date.ts'
import { AliasList, CweList, formatScore, VulnerabilityLink } from './cells.tsx'

const COLUMNS = [
  { key: 'name', labelKey: 'vulnerabilities.columns.name', sort: 'vulnId' },
  {
    key: 'aliases',
    labelKey: 'vulnerabilities.columns.aliases',
    className: 'hidden lg:table-cell',
  },
  { key: 'published', labelKey: 'vulnerabilities.columns.published', sort: 'published' },
  { key: 'cwe', labelKey: 'vulnerabilities.columns.cwe', className: 'hidden xl:table-cell' },
  { key: 'severity', labelKey: 'vulnerabilities.columns.severity', sort: 'severity' },
  {
    key: 'cvss',
    labelKey: 'findings.columns.cvss',
    sort: 'cvssV3BaseScore',
    className: 'text-right',
  },
  { key: 'epss', labelKey: 'findings.columns.epss', sort: 'epssScore', className: 'text-right' },
  {
    key: 'epssPercentile',
    labelKey: 'findings.columns.epssPercentile',
    sort: 'epssPercentile',
    className: 'hidden md:table-cell text-right',
  },
]

/** A component's vulnerabilities (4.13 §9): no detail panel, the finding lives in the project. */
export function ComponentVulnerabilitiesTable({
  rows,
  caption,
}: {
  rows: Vulnerability[]
  caption: string
}) {
  const { t, i18n } = useTranslation()
  const columns: ListColumn[] = COLUMNS.map(({ labelKey, ...column }) => ({
    ...column,
    label: t(labelKey),
  }))
  return (
    <ListTable caption={caption} columns={columns}>
      {rows.map((row) => (
        <tr key={row.uuid} className="border-t align-top">
          <td className={cellClass}>
            <span className="flex flex-wrap items-center gap-2">
              <VulnerabilityLink source={row.source} vulnId={row.vulnId} />
              {row.kev ? <KevBadge dueDate={row.kev.dueDate} /> : null}
            </span>
          </td>
          <td className={`${cellClass} hidden lg:table-cell`}>
            <AliasList source={row.source} vulnId={row.vulnId} aliases={row.aliases} />
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>
            {row.published ? formatDate(new Date(row.published), i18n.language) : null}
          </td>
          <td className={`${cellClass} hidden xl:table-cell`}>
            <CweList cwes={row.cwes} />
          </td>
          <td className={cellClass}>
            <SeverityLabel severity={row.severity} />
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>
            {formatScore(row.cvssV3BaseScore, 'cvss')}
          </td>
          <td className={`${cellClass} text-right tabular-nums`}>
            {formatScore(row.epssScore, 'epss')}
          </td>
          <td className={`${cellClass} hidden text-right tabular-nums md:table-cell`}>
            {formatScore(row.epssPercentile, 'epss')}
          </td>
        </tr>
      ))}
    </ListTable>
  )
}
