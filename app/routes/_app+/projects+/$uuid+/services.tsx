import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { listProjectServices } from '~/api/services.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import { DIALOG_KEYS as PROJECT_DIALOG_PARAMS } from '~/components/project-details/dialog-url.ts'
import { ServiceTable } from '~/components/services/service-table.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { ServiceListParamsSchema } from '~/routes/_app+/services+/__services.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const url = new URL(request.url)
  const query = parseListParams(ServiceListParamsSchema, url.searchParams)
  try {
    const { services, total } = await listProjectServices(api, params.uuid ?? '', {
      searchText: query.searchText,
      pageNumber: query.page,
      pageSize: query.pageSize,
      sortName: query.sortName,
      sortOrder: query.sortOrder,
    })
    return json({ services, total, query })
  } catch (error) {
    if (error instanceof ApiError && [400, 403, 404].includes(error.status)) {
      throw new Response('Not Found', { status: 404 })
    }
    throw error
  }
}

export default function ProjectServicesTab() {
  const { services, total, query } = useLoaderData<typeof loader>()
  const { t } = useTranslation()

  return (
    <section aria-labelledby="services-heading" className="flex flex-col gap-4">
      <h2 id="services-heading" className="text-lg font-semibold">
        {t('services.title', { count: total })}
      </h2>
      <ListToolbar
        idPrefix="service"
        searchLabel={t('services.search')}
        searchValue={query.searchText}
        owns={PROJECT_DIALOG_PARAMS}
      />

      {services.length === 0 ? (
        <EmptyList>{query.searchText ? t('services.noMatch') : t('services.empty')}</EmptyList>
      ) : (
        <ServiceTable services={services} caption={t('services.title', { count: total })} />
      )}
      <Pager
        total={total}
        page={query.page}
        pageSize={query.pageSize}
        label={t('services.pagination')}
        showingKey="services.showing"
        pageSizeParam="pageSize"
        idPrefix="services"
        dropParams={PROJECT_DIALOG_PARAMS}
      />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
