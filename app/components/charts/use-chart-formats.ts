import { useTranslation } from 'react-i18next'
import { compactFormatter, timeFormatter } from './chart-parts.tsx'

/** The number and date formats charts take, in the reader's language. */
export function useChartFormats() {
  const { i18n } = useTranslation()
  const exact = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 })
  const percent = new Intl.NumberFormat(i18n.language, {
    style: 'percent',
    maximumFractionDigits: 1,
  })
  return {
    formatTime: timeFormatter(i18n.language),
    /** Every digit, grouped (tables, tooltips, headline figures). */
    formatNumber: (value: number) => exact.format(value),
    /** Short (1.2K) for axes. */
    formatCompact: compactFormatter(i18n.language),
    /** A share given in percent (33.3) as "33.3 %" in the reader's style. */
    formatShare: (value: number) => percent.format(value / 100),
  }
}
