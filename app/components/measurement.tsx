import { useTranslation } from 'react-i18next'
import { cn } from '~/utils/misc.ts'

/**
 * A measured number, or "not analysed yet" when no analysis has produced it (never a zero that
 * would read as a clean result).
 */
export function Measured({ value, className }: { value: number | undefined; className?: string }) {
  const { t } = useTranslation()
  if (value !== undefined) return <span className={cn('tabular-nums', className)}>{value}</span>
  return (
    <span className="whitespace-nowrap text-xs font-normal italic text-muted-foreground">
      {t('measurement.notAnalysed')}
    </span>
  )
}
