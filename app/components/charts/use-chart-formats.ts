import { useTranslation } from 'react-i18next'
import { compactFormatter, numberFormatter, shareFormatter, timeFormatter } from './chart-parts.tsx'

/** The number and date formats charts take, in the reader's language (built once per language). */
export function useChartFormats() {
  const { i18n } = useTranslation()
  const locale = i18n.language
  return {
    formatTime: timeFormatter(locale),
    /** Every digit, grouped (tables, tooltips, headline figures). */
    formatNumber: numberFormatter(locale),
    /** Short (1.2K) for axes. */
    formatCompact: compactFormatter(locale),
    /** A share given in percent (33.3) as "33.3 %" in the reader's style. */
    formatShare: shareFormatter(locale),
  }
}
