import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useSearchParams } from '@remix-run/react'
import { SearchX } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { searchComponents } from '~/api/components.server.ts'
import { ListPageWidgets } from '~/components/dashboard/portfolio-widgets.tsx'
import { loadPortfolioWidgets } from '~/components/dashboard/widgets.server.ts'
import { ResultsTable } from '~/components/component-search/results-table.tsx'
import { ComponentSearchForm } from '~/components/component-search/search-form.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import { Alert } from '~/components/ui/alert.tsx'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import {
  ComponentSearchParamsSchema,
  criteriaFor,
  hashAlgorithms,
} from './__component-search.server.ts'

type Outcome =
  | { state: 'idle' }
  | { state: 'notHash' }
  | { state: 'invalid' }
  | { state: 'failed'; message: string }
  | { state: 'results'; total: number; algorithms: string[] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const { api } = session
  // Started first, awaited last: the widgets' figures load beside the list.
  const widgets = loadPortfolioWidgets(context, session)
  const url = new URL(request.url)
  const params = parseListParams(ComponentSearchParamsSchema, url.searchParams)
  const t = await getFixedT(request, context)
  const title = t('meta.title', { page: t('pages.components') })
  const criteria = criteriaFor(params)
  const reply = async (
    outcome: Outcome,
    components: Awaited<ReturnType<typeof searchComponents>>['components'] = [],
  ) => json({ params, outcome, components, title, widgets: await widgets })

  if (!criteria) return reply({ state: 'idle' })
  const algorithms = 'hash' in criteria ? hashAlgorithms(criteria.hash) : []
  if ('hash' in criteria && algorithms.length === 0) return reply({ state: 'notHash' })
  try {
    const found = await searchComponents(api, criteria, {
      pageNumber: params.page,
      pageSize: params.pageSize,
      sortName: params.sortName,
      sortOrder: params.sortOrder,
    })
    if (!found.usable) return reply({ state: 'invalid' })
    return reply({ state: 'results', total: found.total, algorithms }, found.components)
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    const toast = toastForFailedResponse(error.response, t)
    return reply({
      state: 'failed',
      message: [toast.title, toast.description].filter(Boolean).join(': '),
    })
  }
}

export const meta = titleMeta

export default function ComponentSearchRoute() {
  const { params, outcome, components, widgets } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const subjectLabel = t(`componentSearch.subjects.${params.subject}`)

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.components')}</h1>
        <p className="text-sm text-muted-foreground">{t('componentSearch.intro')}</p>
      </header>

      <ListPageWidgets widgets={widgets} />

      <ComponentSearchForm key={searchParams.toString()} values={params} />

      {outcome.state === 'idle' ? (
        <EmptyState title={t('componentSearch.idle.title')} hint={t('componentSearch.idle.hint')} />
      ) : outcome.state === 'notHash' ? (
        <EmptyState
          title={t('componentSearch.notHash.title', { value: params.q })}
          hint={t('componentSearch.notHash.hint')}
        />
      ) : outcome.state === 'invalid' ? (
        <EmptyState
          title={t('componentSearch.invalid.title', { value: params.q })}
          hint={t('componentSearch.invalid.hint')}
        />
      ) : outcome.state === 'failed' ? (
        <Alert variant="destructive" role="alert">
          {outcome.message}
        </Alert>
      ) : outcome.total === 0 ? (
        <EmptyState
          title={t('componentSearch.none.title')}
          hint={
            params.subject === 'HASH'
              ? t('componentSearch.none.hash', { algorithms: outcome.algorithms.join(', ') })
              : params.subject === 'COORDINATES'
                ? t('componentSearch.none.coordinates')
                : t('componentSearch.none.value', { subject: subjectLabel })
          }
        />
      ) : (
        <section aria-labelledby="component-results" className="flex min-w-0 flex-col gap-3">
          <h2 id="component-results" className="text-lg font-semibold">
            {t('componentSearch.results.heading', { number: outcome.total })}
          </h2>
          {params.subject === 'HASH' ? (
            <p className="text-sm text-muted-foreground">
              {t('componentSearch.results.comparedAs', {
                algorithms: outcome.algorithms.join(', '),
              })}
            </p>
          ) : null}
          <ResultsTable components={components} />
          <Pager
            total={outcome.total}
            page={params.page}
            pageSize={params.pageSize}
            label={t('componentSearch.pagination')}
            showingKey="componentSearch.showing"
            pageSizeParam="pageSize"
            idPrefix="components"
          />
        </section>
      )}
    </div>
  )
}

function EmptyState({ title, hint }: { title: string; hint: string }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center"
    >
      <SearchX aria-hidden className="size-8 text-muted-foreground" />
      <p className="font-medium">{title}</p>
      <p className="max-w-prose text-sm text-muted-foreground">{hint}</p>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
