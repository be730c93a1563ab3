import { AlertTriangle, CheckCircle2, Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '~/utils/misc.ts'
import { versionStatus, type VersionStatus } from '../../common/versions/latest.ts'

const LOOK: Record<VersionStatus, { Icon: typeof Info; className: string }> = {
  outdated: { Icon: AlertTriangle, className: 'text-warning' },
  unstable: { Icon: Info, className: 'text-primary' },
  latest: { Icon: CheckCircle2, className: 'text-success' },
}

export interface VersionedComponent {
  version?: string | null
  latestVersion?: string | null
  purl?: string | null
}

/**
 * The mark beside a version when the repositories know the latest one (dt-screens §7.4): ⚠
 * outdated, ⓘ unstable (ahead of the latest stable release), ✓ latest. The verdict compares in
 * the component's ecosystem (common/versions/latest.ts). An icon and its words, never colour alone:
 * the words are the tooltip and are read out by screen readers.
 */
export function VersionStatusMark({
  component,
  only,
  className,
}: {
  component: VersionedComponent
  /** Show the mark only for these verdicts (the dependency graph marks outdated ones only). */
  only?: readonly VersionStatus[]
  className?: string
}) {
  const { t } = useTranslation()
  const status = versionStatus(component)
  if (!status || (only && !only.includes(status))) return null
  const text = t(`versionStatus.${status}`, { version: component.latestVersion })
  const { Icon, className: tone } = LOOK[status]
  return (
    <span
      className={cn('relative inline-flex shrink-0 items-center', tone, className)}
      title={text}
      data-version-status={status}
    >
      <Icon aria-hidden className="size-4" />
      <span className="sr-only">{text}</span>
    </span>
  )
}

/** A version with its mark at the right, for the Version columns of the lists. */
export function VersionWithStatus({
  component,
  className,
}: {
  component: VersionedComponent
  className?: string
}) {
  return (
    <span className={cn('inline-flex max-w-full items-center gap-1.5', className)}>
      <span className="min-w-0 truncate" title={component.version ?? undefined}>
        {component.version}
      </span>
      <VersionStatusMark component={component} />
    </span>
  )
}
