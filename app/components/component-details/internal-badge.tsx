import { useTranslation } from 'react-i18next'
import { cn } from '~/utils/misc.ts'

/** INTERNAL / EXTERNAL, with the 4.13 explanation as a tooltip. */
export function InternalBadge({ internal }: { internal: boolean }) {
  const { t } = useTranslation()
  return (
    <span
      title={t('componentDetails.classificationHint')}
      className={cn(
        'rounded px-2 py-0.5 text-xs font-semibold uppercase',
        internal ? 'bg-primary text-primary-foreground' : 'bg-secondary text-secondary-foreground',
      )}
    >
      {internal ? t('componentDetails.internal') : t('componentDetails.external')}
    </span>
  )
}
