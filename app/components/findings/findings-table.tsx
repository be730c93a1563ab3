import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Finding } from '~/api/findings.server.ts'
import { ExpandToggleCell, PanelRow } from '~/components/audit/expandable-row.tsx'
import {
  cellClass,
  ListTable,
  SelectRowCell,
  type ListColumn,
} from '~/components/list-kit/list-table.tsx'
import { KevBadge, SeverityLabel } from '~/components/vulnerabilities/labels.tsx'
import { formatDate } from '~/utils/date.ts'
import { cn } from '~/utils/misc.ts'
import { VersionWithStatus } from '~/components/version-status.tsx'
import { AliasList, SuppressedCell, ComponentLink, CweList, VulnerabilityLink } from './cells.tsx'
import { AnalysisStateLabel, AnalyzerLabel } from './labels.tsx'

/** Columns a reader may hide or show (4.13 marks them hideable); Matrix starts hidden. */
export const OPTIONAL_COLUMNS = ['aliases', 'cwe', 'attributedOn', 'matrix'] as const
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number]
export const DEFAULT_COLUMNS: readonly OptionalColumn[] = ['aliases', 'cwe', 'attributedOn']
export const OPTIONAL_LABELS: Record<OptionalColumn, string> = {
  aliases: 'vulnerabilities.columns.aliases',
  cwe: 'vulnerabilities.columns.cwe',
  attributedOn: 'findings.columns.attributedOn',
  matrix: 'findings.columns.matrix',
}

const COLUMNS: Array<{ key: string; labelKey: string; sort?: string; optional?: boolean }> = [
  { key: 'component', labelKey: 'components.columns.name', sort: 'component.name' },
  { key: 'version', labelKey: 'components.columns.version', sort: 'component.version' },
  { key: 'group', labelKey: 'components.columns.group', sort: 'component.group' },
  {
    key: 'vulnerability',
    labelKey: 'findings.columns.vulnerability',
    sort: 'vulnerability.vulnId',
  },
  { key: 'aliases', labelKey: 'vulnerabilities.columns.aliases', optional: true },
  { key: 'cwe', labelKey: 'vulnerabilities.columns.cwe', optional: true },
  { key: 'severity', labelKey: 'vulnerabilities.columns.severity', sort: 'vulnerability.severity' },
  { key: 'analyzer', labelKey: 'findings.columns.analyzer', sort: 'attribution.analyzerIdentity' },
  {
    key: 'attributedOn',
    labelKey: 'findings.columns.attributedOn',
    sort: 'attribution.attributedOn',
    optional: true,
  },
  { key: 'analysis', labelKey: 'findings.columns.analysis', sort: 'analysis.state' },
  { key: 'suppressed', labelKey: 'findings.columns.suppressed', sort: 'analysis.isSuppressed' },
  { key: 'matrix', labelKey: 'findings.columns.matrix', sort: 'matrix', optional: true },
]

/**
 * A project's findings. Each row expands through the URL (`expanded=<matrix>`), so the audit
 * panel (`panel`) is rendered by the loader and works without JavaScript. With `selectForm`
 * the rows carry a checkbox joining the bulk audit form.
 */
export function FindingsTable({
  projectUuid,
  findings,
  caption,
  visible,
  expanded,
  panel,
  selectForm,
}: {
  projectUuid: string
  findings: Finding[]
  caption: string
  visible: readonly OptionalColumn[]
  expanded?: string
  panel?: ReactNode
  selectForm?: string
}) {
  const { t, i18n } = useTranslation()
  const shown = COLUMNS.filter(
    (column) => !column.optional || visible.includes(column.key as OptionalColumn),
  )
  const columns: ListColumn[] = [
    { key: 'expand', label: t('findings.columns.details'), className: 'w-10' },
    ...shown.map(({ labelKey, ...column }) => ({ ...column, label: t(labelKey) })),
  ]
  const span = columns.length + (selectForm ? 1 : 0)
  const cell = (key: string, content: ReactNode, className?: string) =>
    shown.some((column) => column.key === key) ? (
      <td className={cn(cellClass, className)}>{content}</td>
    ) : null

  // The table scrolls sideways; the expanded panel keeps to the visible width (a size container).
  return (
    <div className="w-full [container-type:inline-size]">
      <ListTable
        caption={caption}
        columns={columns}
        selectAll={
          selectForm
            ? { name: 'matrix', form: selectForm, label: t('findings.bulk.selectAll') }
            : undefined
        }
      >
        {findings.map((finding) => {
          const { component, vulnerability, analysis, attribution } = finding
          const isOpen = expanded === finding.matrix.toLowerCase()
          const label = `${component.name} ${vulnerability.vulnId}`
          return (
            <Fragment key={finding.matrix}>
              <tr className={cn('border-t align-top', isOpen && 'bg-muted/40')}>
                {selectForm ? (
                  <SelectRowCell
                    name="matrix"
                    value={finding.matrix}
                    form={selectForm}
                    label={t('findings.bulk.select', { label })}
                  />
                ) : null}
                <ExpandToggleCell
                  open={isOpen}
                  rowKey={finding.matrix}
                  label={t(isOpen ? 'findings.collapse' : 'findings.expand', { label })}
                />
                {cell(
                  'component',
                  <ComponentLink projectUuid={projectUuid} component={component} />,
                )}
                {cell('version', <VersionWithStatus component={component} />, 'whitespace-nowrap')}
                {cell('group', component.group)}
                {cell(
                  'vulnerability',
                  <span className="flex flex-wrap items-center gap-2">
                    <VulnerabilityLink
                      source={vulnerability.source}
                      vulnId={vulnerability.vulnId}
                    />
                    {vulnerability.kev ? <KevBadge /> : null}
                  </span>,
                )}
                {cell(
                  'aliases',
                  <AliasList
                    source={vulnerability.source}
                    vulnId={vulnerability.vulnId}
                    aliases={vulnerability.aliases}
                  />,
                )}
                {cell('cwe', <CweList cwes={vulnerability.cwes} />)}
                {cell('severity', <SeverityLabel severity={vulnerability.severity} />)}
                {cell(
                  'analyzer',
                  <AnalyzerLabel
                    identity={attribution.analyzerIdentity}
                    referenceUrl={attribution.referenceUrl}
                  />,
                )}
                {cell(
                  'attributedOn',
                  formatDate(attribution.attributedOn, i18n.language),
                  'whitespace-nowrap',
                )}
                {cell('analysis', <AnalysisStateLabel state={analysis.state} />)}
                {cell('suppressed', <SuppressedCell value={analysis.isSuppressed} />)}
                {cell('matrix', finding.matrix, 'font-mono text-xs break-all min-w-[16rem]')}
              </tr>
              {isOpen && panel ? <PanelRow span={span}>{panel}</PanelRow> : null}
            </Fragment>
          )
        })}
      </ListTable>
    </div>
  )
}
