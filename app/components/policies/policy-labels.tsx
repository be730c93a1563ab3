import { useTranslation } from 'react-i18next'
import type { PolicyViolationState } from '../../../common/dt-vocabulary.ts'
import { cn } from '~/utils/misc.ts'

const STATE_CLASSES: Record<PolicyViolationState, string> = {
  FAIL: 'bg-destructive text-destructive-foreground',
  WARN: 'bg-warning text-warning-foreground',
  INFO: 'bg-primary text-primary-foreground',
}

/** The violation state a policy raises, as 4.13's coloured label (Fail, Warn, Inform). */
export function ViolationStateBadge({ state }: { state: PolicyViolationState }) {
  const { t } = useTranslation()
  return (
    <span
      className={cn(
        'inline-block min-w-14 whitespace-nowrap rounded px-1.5 py-0.5 text-center text-xs font-semibold',
        STATE_CLASSES[state],
      )}
    >
      {t(`policies.violationState.${state}`)}
    </span>
  )
}
