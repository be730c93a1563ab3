import { cn } from '~/utils/misc.ts'
import { scoreSeverity, SEVERITY_COLOURS, type Severity } from './severity.ts'

/**
 * A score out of `max` as its number and a bar, exposed as one meter. The bar takes the colour
 * of the severity the score stands for: `severity`, or for a 0–10 score the CVSS v3 band it
 * falls in; `plain` leaves it neutral.
 */
export function ScoreBar({
  label,
  value,
  max = 10,
  display,
  severity,
  plain = false,
  className,
}: {
  label: string
  value: number | undefined | null
  max?: number
  /** How the value reads (e.g. a percentage); the number itself by default. */
  display?: string
  severity?: Severity
  plain?: boolean
  className?: string
}) {
  const known = typeof value === 'number' && Number.isFinite(value)
  const share = known ? Math.min(1, Math.max(0, value / max)) : 0
  const band = severity ?? (known ? scoreSeverity((value / max) * 10) : undefined)
  const colour = !plain && band ? SEVERITY_COLOURS[band].background : undefined
  const shown = known ? (display ?? `${formatScore(value)}/${max}`) : '—'
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      {/* Assistive technology reads the meter (name and value); this row is for the eye. */}
      <div aria-hidden={known} className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-muted-foreground">{label}</span>
        <span className="font-semibold tabular-nums">{shown}</span>
      </div>
      <div
        role={known ? 'meter' : undefined}
        aria-label={known ? label : undefined}
        aria-valuemin={known ? 0 : undefined}
        aria-valuemax={known ? max : undefined}
        aria-valuenow={known ? value : undefined}
        aria-valuetext={known ? shown : undefined}
        aria-hidden={known ? undefined : true}
        className="h-2 overflow-hidden rounded-full bg-muted"
      >
        <div
          className={cn('h-full rounded-full', colour ? null : 'bg-primary')}
          style={{ width: `${share * 100}%`, backgroundColor: colour }}
        />
      </div>
    </div>
  )
}

/** One decimal, as CVSS scores are given. */
export function formatScore(value: number) {
  return (Math.round(value * 10) / 10).toFixed(1)
}
