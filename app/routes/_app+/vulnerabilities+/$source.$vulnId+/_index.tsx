import { useRouteLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { MarkdownCard, VulnerabilityScores } from '~/components/vulnerabilities/overview.tsx'
import type { loader as layoutLoader } from './_layout.tsx'

/** The Overview tab: description and scores, weaknesses, then each text the advisory has. */
export default function VulnerabilityOverview() {
  const data = useRouteLoaderData<typeof layoutLoader>(
    'routes/_app+/vulnerabilities+/$source.$vulnId+/_layout',
  )
  const { t } = useTranslation()
  if (!data) return null
  const { vulnerability, texts } = data
  const cwes = vulnerability.cwes ?? []
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="overview-title"
        className="flex flex-col gap-5 rounded-lg border bg-card p-5"
      >
        <h2 id="overview-title" className="text-lg font-semibold">
          {t('vulnerabilities.overview.title')}
        </h2>
        {texts.description ? (
          <div className="markdown" dangerouslySetInnerHTML={{ __html: texts.description }} />
        ) : (
          <p className="text-sm text-muted-foreground">
            {t('vulnerabilities.overview.noDescription')}
          </p>
        )}
        <VulnerabilityScores vulnerability={vulnerability} />
      </section>

      {cwes.length > 0 ? (
        <section aria-labelledby="weakness-title" className="rounded-lg border bg-card p-5">
          <h2 id="weakness-title" className="mb-3 text-lg font-semibold">
            {t('vulnerabilities.overview.weakness')}
          </h2>
          <ul className="flex flex-col gap-1 text-sm">
            {cwes.map((cwe) => (
              <li key={cwe.cweId}>
                <a
                  href={`https://cwe.mitre.org/data/definitions/${cwe.cweId}.html`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="text-primary hover:underline"
                >
                  CWE-{cwe.cweId}
                  {cwe.name ? `: ${cwe.name}` : null}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <MarkdownCard id="detail" title={t('vulnerabilities.fields.detail')} html={texts.detail} />
      <MarkdownCard
        id="recommendation"
        title={t('vulnerabilities.fields.recommendation')}
        html={texts.recommendation}
      />
      <MarkdownCard
        id="references"
        title={t('vulnerabilities.fields.references')}
        html={texts.references}
      />
      <MarkdownCard id="credits" title={t('vulnerabilities.fields.credits')} html={texts.credits} />
    </div>
  )
}
