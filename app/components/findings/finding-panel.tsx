import { Form, Link, useNavigation } from '@remix-run/react'
import { ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Finding } from '~/api/findings.server.ts'
import { Button } from '~/components/ui/button.tsx'
import { AuditTrail, Fact } from '~/components/audit/trail.tsx'
import { AliasList } from './cells.tsx'
import { DecisionFields } from './decision-fields.tsx'
import { AnalysisStateLabel } from './labels.tsx'
import type { PathStep } from './paths.ts'

/** What the loader sends for the expanded row (see loadFindingPanel). */
export interface FindingPanelData {
  matrix: string
  analysis: {
    analysisState: string
    analysisJustification?: string
    analysisResponse?: string
    analysisDetails?: string
    analysisComments: Array<{ timestamp: number; comment: string; commenter?: string }>
    isSuppressed: boolean
  } | null
  title?: string
  subtitle?: string
  descriptionHtml?: string
  recommendationHtml?: string
  cvssV2Vector?: string
  cvssV3Vector?: string
  cvssV4Vector?: string
  paths: PathStep[][]
}

const proseClass = 'markdown text-sm'

/** 4.13's finding detail panel: the flaw's facts on the left, the audit on the right. */
export function FindingPanel({
  finding,
  panel,
  canAudit,
}: {
  finding: Finding
  panel: FindingPanelData
  canAudit: boolean
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'audit'
  const { vulnerability } = finding
  const analysis = panel.analysis
  const idPrefix = `audit-${finding.matrix.slice(-12)}`
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-label={t('findings.panel.facts')} className="min-w-0">
          <dl className="flex flex-col gap-3">
            {vulnerability.aliases.length > 0 ? (
              <Fact label={t('vulnerabilities.columns.aliases')}>
                <AliasList
                  source={vulnerability.source}
                  vulnId={vulnerability.vulnId}
                  aliases={vulnerability.aliases}
                />
              </Fact>
            ) : null}
            {panel.title ? <Fact label={t('findings.panel.title')}>{panel.title}</Fact> : null}
            {panel.subtitle ? (
              <Fact label={t('findings.panel.subtitle')}>{panel.subtitle}</Fact>
            ) : null}
            {panel.descriptionHtml ? (
              <Fact label={t('findings.panel.description')}>
                <div
                  className={`${proseClass} max-h-48 overflow-y-auto`}
                  dangerouslySetInnerHTML={{ __html: panel.descriptionHtml }}
                />
              </Fact>
            ) : null}
            {panel.recommendationHtml ? (
              <Fact label={t('findings.panel.recommendation')}>
                <div
                  className={proseClass}
                  dangerouslySetInnerHTML={{ __html: panel.recommendationHtml }}
                />
              </Fact>
            ) : null}
            {(
              [
                ['CVSS v2', panel.cvssV2Vector],
                ['CVSS v3', panel.cvssV3Vector],
                ['CVSS v4', panel.cvssV4Vector],
              ] as const
            ).map(([name, vector]) =>
              vector ? (
                <Fact key={name} label={t('vulnerabilities.scores.vector', { name })}>
                  <code className="break-all text-xs">{vector}</code>
                </Fact>
              ) : null,
            )}
          </dl>
        </section>

        <section aria-labelledby={`${idPrefix}-heading`} className="flex min-w-0 flex-col gap-3">
          <h3 id={`${idPrefix}-heading`} className="text-sm font-semibold">
            {t('findings.audit.trail')}
          </h3>
          <AuditTrail comments={analysis?.analysisComments} />
          {canAudit ? (
            <Form method="post" preventScrollReset className="flex flex-col gap-3">
              <input type="hidden" name="intent" value="audit" />
              <input type="hidden" name="matrix" value={finding.matrix} />
              <DecisionFields
                key={analysis?.analysisComments.length ?? 0}
                idPrefix={idPrefix}
                defaults={analysis ?? undefined}
              />
              <div>
                <Button type="submit" disabled={saving}>
                  {t('findings.audit.save')}
                </Button>
              </div>
            </Form>
          ) : (
            <dl className="grid gap-2 sm:grid-cols-2">
              <Fact label={t('findings.audit.state')}>
                <AnalysisStateLabel state={analysis?.analysisState} />
              </Fact>
              <Fact label={t('findings.audit.details')}>{analysis?.analysisDetails ?? ''}</Fact>
            </dl>
          )}
        </section>
      </div>

      <section aria-labelledby={`${idPrefix}-paths`} className="flex flex-col gap-2">
        <h3 id={`${idPrefix}-paths`} className="text-sm font-semibold">
          {t('findings.paths.title')}
        </h3>
        {panel.paths.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('findings.paths.none')}</p>
        ) : (
          <ul className="flex flex-col gap-1 text-sm">
            {panel.paths.map((path) => (
              <li key={path.map((step) => step.uuid).join('/')}>
                <ol
                  aria-label={t('findings.paths.path')}
                  className="flex flex-wrap items-center gap-1"
                >
                  {path.map((step, index) => (
                    <li key={step.uuid} className="flex items-center gap-1">
                      {index > 0 ? (
                        <ChevronRight aria-hidden className="size-3 text-muted-foreground" />
                      ) : null}
                      <Link
                        to={`/components/${step.uuid}`}
                        className="text-primary hover:underline"
                      >
                        {step.version ? `${step.name} ${step.version}` : step.name}
                      </Link>
                    </li>
                  ))}
                </ol>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
