import { AlertOctagon, AlertTriangle, Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'

const STATE_LOOK = {
  FAIL: { Icon: AlertOctagon, className: 'bg-red-600 text-white' },
  WARN: { Icon: AlertTriangle, className: 'bg-amber-400 text-black' },
  INFO: { Icon: Info, className: 'bg-sky-600 text-white' },
} as const

/** A policy's violation state (FAIL/WARN/INFO): a coloured icon and the state's name. */
export function ViolationStateLabel({ state }: { state: string }) {
  const { t } = useTranslation()
  const look = STATE_LOOK[state as keyof typeof STATE_LOOK] ?? STATE_LOOK.INFO
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <span
        aria-hidden
        className={`inline-flex size-4 items-center justify-center rounded-sm ${look.className}`}
      >
        <look.Icon className="size-3" />
      </span>
      {t(`violations.state.${state}`)}
    </span>
  )
}

/** A violation's risk type (License, Security, Operational). */
export function RiskTypeLabel({ type }: { type: string }) {
  const { t } = useTranslation()
  return <span className="whitespace-nowrap">{t(`violations.type.${type}`)}</span>
}

/** A violation analysis state; no analysis reads as Not set. */
export function ViolationAnalysisLabel({ state }: { state?: string }) {
  const { t } = useTranslation()
  return <span className="whitespace-nowrap">{t(`violations.analysis.${state ?? 'NOT_SET'}`)}</span>
}
