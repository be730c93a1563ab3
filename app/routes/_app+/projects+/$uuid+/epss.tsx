import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { listAllProjectFindings } from '~/api/findings.server.ts'
import { ScatterChart } from '~/components/charts/scatter-chart.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { cvssOf, formatScore } from '~/components/findings/cells.tsx'
import { EpssTable } from '~/components/findings/epss-table.tsx'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { FilterSwitch, ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import { asSeverity, SEVERITY_COLOURS } from '~/components/vulnerabilities/severity.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { EpssParamsSchema, epssPage } from './__epss-tab.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_VULNERABILITY')
  const query = parseListParams(EpssParamsSchema, new URL(request.url).searchParams)
  // 4.13.0 lists only NVD-sourced findings here (dt-screens §7.9).
  const findings = await listAllProjectFindings(api, params.uuid ?? '', {
    suppressed: query.suppressed,
    source: 'NVD',
  })
  const points = findings
    .filter(
      (finding) => cvssOf(finding) !== undefined && finding.vulnerability.epssScore !== undefined,
    )
    .map((finding) => ({
      key: finding.matrix,
      x: cvssOf(finding)!,
      y: finding.vulnerability.epssScore!,
      component: [finding.component.name, finding.component.version].filter(Boolean).join(' '),
      vulnId: finding.vulnerability.vulnId,
      colour: SEVERITY_COLOURS[asSeverity(finding.vulnerability.severity)].background,
    }))
  return json({ ...epssPage(findings, query), points, query })
}

const percent = (value: number) => `${Math.round(value * 100)} %`

export default function ProjectEpssTab() {
  const { rows, total, points, query } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const projectUuid = useParams().uuid ?? ''
  const caption = t('findings.epss.title', { count: total })
  const cvss = t('findings.columns.cvss')
  const epss = t('findings.columns.epss')
  return (
    <section aria-labelledby="epss-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="epss-heading" className="text-lg font-semibold">
        {caption}
      </h2>
      <p className="max-w-prose text-sm text-muted-foreground">{t('findings.epss.intro')}</p>
      {points.length > 0 ? (
        <div className="rounded-lg border bg-card p-4">
          <ScatterChart
            title={t('findings.epss.chart')}
            tableCaption={t('findings.epss.chartData')}
            x={{ label: cvss, min: 0, max: 10, ticks: [0, 2, 4, 6, 8, 10] }}
            y={{ label: epss, min: 0, max: 1, ticks: [0, 0.25, 0.5, 0.75, 1], format: percent }}
            points={points.map((point) => ({
              key: point.key,
              x: point.x,
              y: point.y,
              colour: point.colour,
              label: t('findings.epss.point', {
                component: point.component,
                vulnId: point.vulnId,
                cvss: formatScore(point.x, 'cvss'),
                epss: formatScore(point.y, 'epss'),
              }),
            }))}
          />
        </div>
      ) : null}
      <ListToolbar
        idPrefix="epss"
        searchLabel={t('findings.search')}
        searchValue={query.searchText}
        owns={['suppressed']}
      >
        <FilterSwitch
          name="suppressed"
          label={t('findings.showSuppressed')}
          checked={query.suppressed}
        />
      </ListToolbar>
      {rows.length === 0 ? (
        <EmptyList>{query.searchText ? t('findings.noMatch') : t('findings.epss.empty')}</EmptyList>
      ) : (
        <EpssTable projectUuid={projectUuid} rows={rows} caption={caption} />
      )}
      <Pager
        total={total}
        page={query.page}
        pageSize={query.pageSize}
        label={t('findings.pagination')}
        showingKey="findings.showing"
        pageSizeParam="pageSize"
        idPrefix="epss"
      />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
