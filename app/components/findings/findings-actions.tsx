import { Form, useNavigation } from '@remix-run/react'
import { Download, RefreshCw, Upload } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button.tsx'

const disclosureClass = 'rounded-lg border bg-card [&[open]>summary]:border-b'
const summaryClass =
  'flex cursor-pointer list-none items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring'

/**
 * The tab's actions (4.13 §7.8): Apply VEX (an upload form), Export VEX and VDR (downloads
 * through resource routes) and Reanalyze. The VEX actions need VULNERABILITY_ANALYSIS (the
 * API's rule; 4.13 also showed them to readers the API then refused); the others only the
 * tab's own VIEW_VULNERABILITY.
 */
export function FindingsActions({
  projectUuid,
  canAnalyse,
}: {
  projectUuid: string
  canAnalyse: boolean
}) {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const busy = (intent: string) =>
    navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        {canAnalyse ? (
          <Button asChild variant="outline" size="sm">
            <a href={`/resources/projects/${projectUuid}/vex`} download>
              <Download aria-hidden />
              {t('findings.actions.exportVex')}
            </a>
          </Button>
        ) : null}
        <Button asChild variant="outline" size="sm">
          <a href={`/resources/projects/${projectUuid}/vdr`} download>
            <Download aria-hidden />
            {t('findings.actions.exportVdr')}
          </a>
        </Button>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="reanalyze" />
          <Button
            type="submit"
            variant="outline"
            size="sm"
            disabled={busy('reanalyze')}
            title={t('findings.actions.reanalyzeHint')}
          >
            <RefreshCw aria-hidden />
            {t('findings.actions.reanalyze')}
          </Button>
        </Form>
      </div>
      {canAnalyse ? (
        <details className={disclosureClass}>
          <summary className={summaryClass}>
            <Upload aria-hidden className="size-4" />
            {t('findings.actions.applyVex')}
          </summary>
          <Form
            method="post"
            encType="multipart/form-data"
            className="flex flex-wrap items-end gap-3 p-3"
          >
            <input type="hidden" name="intent" value="applyVex" />
            <div className="flex flex-col gap-1">
              <label htmlFor="vex-file" className="text-sm font-medium">
                {t('findings.actions.vexFile')}
              </label>
              <input
                id="vex-file"
                type="file"
                name="vex"
                required
                accept=".json,application/json,application/vnd.cyclonedx+json"
                className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5"
              />
            </div>
            <Button type="submit" size="sm" disabled={busy('applyVex')}>
              {t('findings.actions.upload')}
            </Button>
          </Form>
        </details>
      ) : null}
    </div>
  )
}
