import { useTranslation } from 'react-i18next'

/** Analyzer names that are products stay as they are in every language. */
const ANALYZER_NAMES: Record<string, string> = {
  OSSINDEX_ANALYZER: 'OSS Index',
  NPM_AUDIT_ANALYZER: 'NPM Audit',
  VULNDB_ANALYZER: 'VulnDB',
  SNYK_ANALYZER: 'Snyk',
  TRIVY_ANALYZER: 'Trivy',
}

/** Which analyzer attributed the finding, linked to its reference page when it gave one. */
export function AnalyzerLabel({
  identity,
  referenceUrl,
}: {
  identity: string
  referenceUrl?: string
}) {
  const { t } = useTranslation()
  const name =
    ANALYZER_NAMES[identity] ??
    (identity === 'INTERNAL_ANALYZER'
      ? t('findings.analyzer.internal')
      : t('findings.analyzer.none'))
  if (referenceUrl && /^https?:\/\//.test(referenceUrl)) {
    return (
      <a
        href={referenceUrl}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="whitespace-nowrap text-primary hover:underline"
      >
        {name}
      </a>
    )
  }
  return <span className="whitespace-nowrap">{name}</span>
}

/** An audit state's name; no analysis reads as Not set. */
export function AnalysisStateLabel({ state }: { state?: string }) {
  const { t } = useTranslation()
  return <span className="whitespace-nowrap">{t(`analysis.state.${state ?? 'NOT_SET'}`)}</span>
}
