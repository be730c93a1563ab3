import { Link } from '@remix-run/react'
import { Bug, Flame } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '~/utils/misc.ts'
import { asSeverity, SEVERITY_COLOURS } from './severity.ts'
import { sourceName, type ResolvedAlias } from './sources.ts'

/** 4.13's severity label: a coloured bug square and the severity's name. */
export function SeverityLabel({ severity }: { severity: string | undefined }) {
  const { t } = useTranslation()
  const known = asSeverity(severity)
  const colour = SEVERITY_COLOURS[known]
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span
        aria-hidden
        className="inline-flex size-4 items-center justify-center rounded-sm"
        style={{ backgroundColor: colour.background, color: colour.text }}
      >
        <Bug className="size-3" />
      </span>
      {t(`vulnerabilities.severity.${known}`)}
    </span>
  )
}

/** The source's code in a small tag, its full name as the tooltip. */
export function SourceLabel({ source, className }: { source: string; className?: string }) {
  const { t } = useTranslation()
  const name = sourceName(source)
  return (
    <span
      title={'name' in name ? name.name : t(name.key)}
      className={cn(
        'inline-block whitespace-nowrap rounded border border-border bg-secondary px-1.5 py-0.5 font-mono text-[0.7rem] font-semibold leading-none text-secondary-foreground',
        className,
      )}
    >
      {source}
    </span>
  )
}

/** The source's full name in the reader's language where it is a word. */
export function SourceName({ source }: { source: string }) {
  const { t } = useTranslation()
  const name = sourceName(source)
  return <>{'name' in name ? name.name : t(name.key)}</>
}

/** Marks a vulnerability CISA lists as known to be exploited. */
export function KevBadge({ dueDate }: { dueDate?: string }) {
  const { t } = useTranslation()
  return (
    <span
      title={dueDate ? t('vulnerabilities.kev.badgeDue', { date: dueDate }) : undefined}
      className="inline-flex items-center gap-1 whitespace-nowrap rounded bg-destructive px-1.5 py-0.5 text-[0.7rem] font-semibold leading-none text-destructive-foreground"
    >
      <Flame aria-hidden className="size-3" />
      {t('vulnerabilities.kev.badge')}
    </span>
  )
}

/** One alias: its source tag and its id, linking to its page when the catalogue has one. */
export function AliasLink({ alias }: { alias: ResolvedAlias }) {
  return (
    <>
      <SourceLabel source={alias.source} />
      {alias.path ? (
        <Link to={alias.path} className="text-primary hover:underline">
          {alias.vulnId}
        </Link>
      ) : (
        alias.vulnId
      )}
    </>
  )
}
