import { useTranslation } from 'react-i18next'
import { ScoreBar } from './score-bar.tsx'
import { owaspBand } from './severity.ts'

interface ScoredVulnerability {
  cvssV2BaseScore?: number
  cvssV2ImpactSubScore?: number
  cvssV2ExploitabilitySubScore?: number
  cvssV2Vector?: string
  cvssV3BaseScore?: number
  cvssV3ImpactSubScore?: number
  cvssV3ExploitabilitySubScore?: number
  cvssV3Vector?: string
  cvssV4Score?: number
  cvssV4Vector?: string
  epssScore?: number
  epssPercentile?: number
  owaspRRLikelihoodScore?: number
  owaspRRTechnicalImpactScore?: number
  owaspRRBusinessImpactScore?: number
  owaspRRVector?: string
}

function percent(value: number, locale: string) {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(value)
}

/** `CVSS v3.1` for a `CVSS:3.1/…` vector, `CVSS v2` for a v2 one. */
function cvssName(vector: string | undefined, fallback: string) {
  const version = vector?.match(/^CVSS:(\d\.\d)\//)?.[1]
  return version ? `CVSS v${version}` : fallback
}

function Vector({ name, vector }: { name: string; vector?: string }) {
  const { t } = useTranslation()
  if (!vector) return null
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground">
      <span>{t('vulnerabilities.scores.vector', { name })}</span>
      <code className="break-all font-mono text-foreground">{vector}</code>
    </p>
  )
}

/**
 * The Overview's scores: CVSS (v3 when scored, else v2) with its subscores, CVSS v4 when the
 * source gave one, EPSS score and percentile, and the OWASP Risk Rating when present.
 */
export function VulnerabilityScores({ vulnerability: v }: { vulnerability: ScoredVulnerability }) {
  const { t, i18n } = useTranslation()
  const v3 = typeof v.cvssV3BaseScore === 'number'
  const cvss = v3
    ? {
        label: t('vulnerabilities.scores.cvssV3'),
        base: v.cvssV3BaseScore,
        impact: v.cvssV3ImpactSubScore,
        exploitability: v.cvssV3ExploitabilitySubScore,
        vector: v.cvssV3Vector,
      }
    : typeof v.cvssV2BaseScore === 'number'
      ? {
          label: t('vulnerabilities.scores.cvssV2'),
          base: v.cvssV2BaseScore,
          impact: v.cvssV2ImpactSubScore,
          exploitability: v.cvssV2ExploitabilitySubScore,
          vector: v.cvssV2Vector,
        }
      : undefined
  const hasEpss = typeof v.epssScore === 'number'
  const hasOwasp = typeof v.owaspRRLikelihoodScore === 'number'
  const hasV4 = typeof v.cvssV4Score === 'number'
  if (!cvss && !hasEpss && !hasOwasp && !hasV4) {
    return <p className="text-sm text-muted-foreground">{t('vulnerabilities.overview.noScores')}</p>
  }
  return (
    <div className="flex flex-col gap-5 border-t pt-4">
      {cvss || hasV4 || hasEpss ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {cvss ? (
            <>
              <ScoreBar label={cvss.label} value={cvss.base} />
              <ScoreBar label={t('vulnerabilities.scores.impact')} value={cvss.impact} />
              <ScoreBar
                label={t('vulnerabilities.scores.exploitability')}
                value={cvss.exploitability}
              />
            </>
          ) : null}
          {hasV4 ? (
            <ScoreBar label={t('vulnerabilities.scores.cvssV4')} value={v.cvssV4Score} />
          ) : null}
          {hasEpss ? (
            <>
              <ScoreBar
                label={t('vulnerabilities.scores.epss')}
                value={v.epssScore}
                max={1}
                display={percent(v.epssScore!, i18n.language)}
                plain
              />
              <ScoreBar
                label={t('vulnerabilities.scores.epssPercentile')}
                value={v.epssPercentile}
                max={1}
                display={
                  typeof v.epssPercentile === 'number'
                    ? percent(v.epssPercentile, i18n.language)
                    : undefined
                }
                plain
              />
            </>
          ) : null}
        </div>
      ) : null}
      {hasOwasp ? (
        <div className="grid gap-4 border-t pt-4 sm:grid-cols-3">
          <ScoreBar
            label={t('vulnerabilities.scores.likelihood')}
            value={v.owaspRRLikelihoodScore}
            max={9}
            severity={owaspBand(v.owaspRRLikelihoodScore)}
          />
          <ScoreBar
            label={t('vulnerabilities.scores.technicalImpact')}
            value={v.owaspRRTechnicalImpactScore}
            max={9}
            severity={owaspBand(v.owaspRRTechnicalImpactScore)}
          />
          <ScoreBar
            label={t('vulnerabilities.scores.businessImpact')}
            value={v.owaspRRBusinessImpactScore}
            max={9}
            severity={owaspBand(v.owaspRRBusinessImpactScore)}
          />
        </div>
      ) : null}
      <div className="flex flex-col gap-1">
        <Vector name={cvssName(cvss?.vector, v3 ? 'CVSS v3' : 'CVSS v2')} vector={cvss?.vector} />
        {hasV4 ? <Vector name="CVSS v4.0" vector={v.cvssV4Vector} /> : null}
        {hasOwasp ? <Vector name="OWASP RR" vector={v.owaspRRVector} /> : null}
      </div>
    </div>
  )
}

/** A text of the advisory, rendered from Markdown on the server; nothing when it has none. */
export function MarkdownCard({ id, title, html }: { id: string; title: string; html?: string }) {
  if (!html) return null
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border bg-card p-5">
      <h2 id={`${id}-title`} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <div className="markdown" dangerouslySetInnerHTML={{ __html: html }} />
    </section>
  )
}
