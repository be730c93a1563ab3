import { Link } from '@remix-run/react'
import { Check, Network } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Finding } from '~/api/findings.server.ts'
import { AliasLink, SourceLabel } from '~/components/vulnerabilities/labels.tsx'
import { resolveAliases, vulnerabilityPath } from '~/components/vulnerabilities/sources.ts'
import { cn } from '~/utils/misc.ts'

/** The vulnerability's source tag and its id, linking to its console page. */
export function VulnerabilityLink({ source, vulnId }: { source: string; vulnId: string }) {
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <SourceLabel source={source} />
      <Link to={vulnerabilityPath(source, vulnId)} className="text-primary hover:underline">
        {vulnId}
      </Link>
    </span>
  )
}

/** The other sources' ids of a vulnerability, each with its tag and link (4.13's alias list). */
export function AliasList({
  source,
  vulnId,
  aliases,
}: {
  source: string
  vulnId: string
  aliases?: ReadonlyArray<Record<string, unknown>>
}) {
  const resolved = resolveAliases({
    source,
    vulnId,
    aliases: aliases as Array<Record<string, string>> | undefined,
  })
  if (resolved.length === 0) return null
  return (
    <ul className="flex flex-col gap-1">
      {resolved.map((alias) => (
        <li key={alias.vulnId} className="flex items-center gap-2 whitespace-nowrap">
          <AliasLink alias={alias} />
        </li>
      ))}
    </ul>
  )
}

/** "CWE-n" per weakness, its name as the tooltip. */
export function CweList({ cwes }: { cwes?: ReadonlyArray<{ cweId: number; name?: string }> }) {
  if (!cwes?.length) return null
  return (
    <ul className="flex flex-col gap-0.5">
      {cwes.map((cwe) => (
        <li key={cwe.cweId} title={cwe.name} className="whitespace-nowrap">
          CWE-{cwe.cweId}
        </li>
      ))}
    </ul>
  )
}

/**
 * A component's name (with its version when `withVersion`) linking to its page, with the
 * dependency-graph shortcut; `truncate` cuts a long name (whole in its tooltip).
 */
export function ComponentLink({
  projectUuid,
  component,
  withVersion = false,
  truncate = false,
}: {
  projectUuid: string
  component: { uuid: string; name: string; version?: string }
  withVersion?: boolean
  truncate?: boolean
}) {
  const { t } = useTranslation()
  const label =
    withVersion && component.version ? `${component.name} ${component.version}` : component.name
  return (
    <span className="inline-flex items-center gap-2 whitespace-nowrap">
      <Link
        to={`/components/${component.uuid}`}
        title={truncate ? label : undefined}
        className={cn('text-primary hover:underline', truncate && 'max-w-[12rem] truncate')}
      >
        {label}
      </Link>
      <Link
        to={`/projects/${projectUuid}/dependencyGraph/${component.uuid}`}
        // `relative`: the screen-reader text must not escape the table's sideways scroll box.
        className="relative text-muted-foreground hover:text-foreground"
        title={t('findings.showInGraph')}
      >
        <Network aria-hidden className="size-4" />
        <span className="sr-only">{t('findings.showInGraphOf', { name: component.name })}</span>
      </Link>
    </span>
  )
}

/**
 * A suppressed flag: a check mark, or nothing; the words for screen readers (`relative`, so they
 * stay inside the table's sideways scroll box when the column is out of sight).
 */
export function SuppressedCell({ value }: { value: boolean | undefined }) {
  const { t } = useTranslation()
  return (
    <span className="relative inline-block">
      {value ? <Check aria-hidden className="size-4" /> : null}
      <span className="sr-only">{t(value ? 'findings.yes' : 'findings.no')}</span>
    </span>
  )
}

/** A score with one decimal; EPSS scores and percentiles as percentages. */
export function formatScore(value: number | undefined | null, kind: 'cvss' | 'epss') {
  if (value === undefined || value === null) return ''
  return kind === 'cvss' ? value.toFixed(1) : `${(value * 100).toFixed(2)} %`
}

/** CVSS as 4.13 plots it: the v3 base score, else v2 (v4 first when the flaw has one). */
export const cvssOf = (finding: Finding) =>
  finding.vulnerability.cvssV4Score ??
  finding.vulnerability.cvssV3BaseScore ??
  finding.vulnerability.cvssV2BaseScore
