import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { GroupedFindingRow, PortfolioFinding } from '~/api/audit.server.ts'
import {
  cellClass,
  ListTable,
  SelectRowCell,
  Truncated,
  type ListColumn,
} from '~/components/list-kit/list-table.tsx'
import { VersionWithStatus } from '~/components/version-status.tsx'
import { SeverityLabel } from '~/components/vulnerabilities/labels.tsx'
import { formatScore } from '~/components/vulnerabilities/score-bar.tsx'
import { formatDate } from '~/utils/date.ts'
import { ComponentLink, CweList, VulnerabilityLink } from './cells.tsx'
import { AnalyzerLabel } from './labels.tsx'

type Column = Omit<ListColumn, 'label'> & { labelKey: string }

const SHARED: Column[] = [
  {
    key: 'vulnId',
    labelKey: 'vulnerabilityAudit.columns.vulnerability',
    sort: 'vulnerability.vulnId',
  },
  { key: 'title', labelKey: 'vulnerabilityAudit.columns.title', sort: 'vulnerability.title' },
  {
    key: 'severity',
    labelKey: 'vulnerabilityAudit.columns.severity',
    sort: 'vulnerability.severity',
  },
  {
    key: 'analyzer',
    labelKey: 'vulnerabilityAudit.columns.analyzer',
    sort: 'attribution.analyzerIdentity',
  },
  {
    key: 'published',
    labelKey: 'vulnerabilityAudit.columns.published',
    sort: 'vulnerability.published',
  },
  { key: 'cwe', labelKey: 'vulnerabilityAudit.columns.cwe' },
  {
    key: 'cvssV2',
    labelKey: 'vulnerabilityAudit.columns.cvssV2',
    sort: 'vulnerability.cvssV2BaseScore',
  },
  {
    key: 'cvssV3',
    labelKey: 'vulnerabilityAudit.columns.cvssV3',
    sort: 'vulnerability.cvssV3BaseScore',
  },
]

const OCCURRENCE_COLUMNS: Column[] = [
  ...SHARED,
  { key: 'project', labelKey: 'vulnerabilityAudit.columns.project', sort: 'component.projectName' },
  { key: 'component', labelKey: 'vulnerabilityAudit.columns.component', sort: 'component.name' },
  { key: 'version', labelKey: 'vulnerabilityAudit.columns.version', sort: 'component.version' },
  { key: 'analysis', labelKey: 'vulnerabilityAudit.columns.analysis', sort: 'analysis.state' },
  {
    key: 'suppressed',
    labelKey: 'vulnerabilityAudit.columns.suppressed',
    sort: 'analysis.isSuppressed',
  },
  {
    key: 'attributedOn',
    labelKey: 'vulnerabilityAudit.columns.attributedOn',
    sort: 'attribution.attributedOn',
  },
]

const GROUPED_COLUMNS: Column[] = [
  ...SHARED,
  {
    key: 'projects',
    labelKey: 'vulnerabilityAudit.columns.projects',
    sort: 'vulnerability.affectedProjectCount',
    className: 'text-right',
  },
]

function useColumns(columns: Column[]) {
  const { t } = useTranslation()
  return columns.map(({ labelKey, ...column }) => ({ ...column, label: t(labelKey) }))
}

type SharedRow = {
  vulnerability: {
    source: string
    vulnId: string
    title?: string
    severity: string
    published?: number
    cwes?: Array<{ cweId: number; name?: string }>
    cvssV2BaseScore?: number
    cvssV3BaseScore?: number
  }
  attribution: { analyzerIdentity: string }
}

/** The eight cells both views start with. */
function SharedCells({ row }: { row: SharedRow }) {
  const { i18n } = useTranslation()
  const { vulnerability, attribution } = row
  return (
    <>
      <td className={cellClass}>
        <VulnerabilityLink source={vulnerability.source} vulnId={vulnerability.vulnId} />
      </td>
      <td className={cellClass}>
        <Truncated text={vulnerability.title} />
      </td>
      <td className={cellClass}>
        <SeverityLabel severity={vulnerability.severity} />
      </td>
      <td className={`${cellClass} whitespace-nowrap`}>
        <AnalyzerLabel identity={attribution.analyzerIdentity} />
      </td>
      <td className={`${cellClass} whitespace-nowrap`}>
        {formatDate(vulnerability.published, i18n.language)}
      </td>
      <td className={cellClass}>
        <CweList cwes={vulnerability.cwes} />
      </td>
      <td className={`${cellClass} tabular-nums`}>
        {vulnerability.cvssV2BaseScore === undefined
          ? null
          : formatScore(vulnerability.cvssV2BaseScore)}
      </td>
      <td className={`${cellClass} tabular-nums`}>
        {vulnerability.cvssV3BaseScore === undefined
          ? null
          : formatScore(vulnerability.cvssV3BaseScore)}
      </td>
    </>
  )
}

/** Findings one per component × vulnerability (§17.1); checkboxes join the bulk audit form. */
export function OccurrenceTable({
  rows,
  selectForm,
}: {
  rows: PortfolioFinding[]
  selectForm?: string
}) {
  const { t, i18n } = useTranslation()
  const columns = useColumns(OCCURRENCE_COLUMNS)
  return (
    <ListTable
      caption={t('vulnerabilityAudit.tabs.occurrences')}
      columns={columns}
      selectAll={
        selectForm
          ? { name: 'matrix', label: t('vulnerabilityAudit.selectAll'), form: selectForm }
          : undefined
      }
    >
      {rows.map((row) => {
        const { component, analysis, attribution } = row
        const projectName = [component.projectName, component.projectVersion]
          .filter(Boolean)
          .join(' ')
        return (
          <tr key={row.matrix} className="border-t align-top">
            {selectForm ? (
              <SelectRowCell
                name="matrix"
                value={row.matrix}
                form={selectForm}
                label={t('vulnerabilityAudit.selectRow', {
                  vulnerability: row.vulnerability.vulnId,
                  component: component.name,
                  project: projectName,
                })}
              />
            ) : null}
            <SharedCells row={row} />
            <td className={cellClass}>
              <Link
                to={`/projects/${component.project}`}
                className="whitespace-nowrap text-primary hover:underline"
              >
                {projectName}
              </Link>
            </td>
            <td className={cellClass}>
              <ComponentLink projectUuid={component.project} component={component} />
            </td>
            <td className={cellClass}>
              <VersionWithStatus component={component} className="whitespace-nowrap" />
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>
              {analysis.state ? t(`analysis.state.${analysis.state}`) : null}
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>
              {analysis.isSuppressed ? t('vulnerabilityAudit.suppressedYes') : null}
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>
              {formatDate(attribution.attributedOn, i18n.language)}
            </td>
          </tr>
        )
      })}
    </ListTable>
  )
}

/** One row per vulnerability and analyzer with the number of projects it affects (§17.2). */
export function GroupedTable({ rows }: { rows: GroupedFindingRow[] }) {
  const { t } = useTranslation()
  const columns = useColumns(GROUPED_COLUMNS)
  return (
    <ListTable caption={t('vulnerabilityAudit.tabs.grouped')} columns={columns}>
      {rows.map((row) => (
        <tr
          key={`${row.vulnerability.source}:${row.vulnerability.vulnId}:${row.attribution.analyzerIdentity}`}
          className="border-t align-top"
        >
          <SharedCells row={row} />
          <td className={`${cellClass} text-right tabular-nums`}>
            {row.vulnerability.affectedProjectCount}
          </td>
        </tr>
      ))}
    </ListTable>
  )
}
