import { useTranslation } from 'react-i18next'

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
