import { AlertOctagon, AlertTriangle, Info } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { PolicyViolationState } from '../../../common/dt-vocabulary.ts'
import { cn } from '~/utils/misc.ts'

const STATE_LOOK = {
  FAIL: { Icon: AlertOctagon, className: 'bg-destructive text-destructive-foreground' },
  WARN: { Icon: AlertTriangle, className: 'bg-warning text-warning-foreground' },
  INFO: { Icon: Info, className: 'bg-primary text-primary-foreground' },
} as const

/**
 * The violation state a policy raises (Fail, Warn, Inform): 4.13's coloured label, with an icon
 * so the colour is not the only cue. Used wherever a policy or a violation shows its state.
 */
export function ViolationStateLabel({ state }: { state: PolicyViolationState | string }) {
  const { t } = useTranslation()
  const known = state in STATE_LOOK ? (state as PolicyViolationState) : 'INFO'
  const look = STATE_LOOK[known]
  return (
    <span
      className={cn(
        'inline-flex min-w-16 items-center gap-1 whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-semibold',
        look.className,
      )}
    >
      <look.Icon aria-hidden className="size-3" />
      {t(`policies.violationState.${known}`)}
    </span>
  )
}
