import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { listProjectServices } from '~/api/services.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { Pager } from '~/components/list-controls.tsx'
import { DIALOG_KEYS as PROJECT_DIALOG_PARAMS } from '~/components/project-details/dialog-url.ts'
import { ServiceTable } from '~/components/services/service-table.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { ServiceListParamsSchema } from '~/routes/_app+/services+/__services.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const url = new URL(request.url)
  const query = ServiceListParamsSchema.parse(Object.fromEntries(url.searchParams))
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
      <Form method="get" role="search" className="flex flex-wrap items-end gap-4">
        {query.sortName ? <input type="hidden" name="sortName" value={query.sortName} /> : null}
        {query.sortOrder ? <input type="hidden" name="sortOrder" value={query.sortOrder} /> : null}
        <input type="hidden" name="pageSize" value={query.pageSize} />
        <div className="flex min-w-[14rem] flex-1 flex-col gap-1">
          <label htmlFor="service-search" className="text-sm font-medium">
            {t('services.search')}
          </label>
          <Input
            id="service-search"
            type="search"
            name="searchText"
            defaultValue={query.searchText ?? ''}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t('projects.apply')}
        </Button>
      </Form>

      {services.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {query.searchText ? t('services.noMatch') : t('services.empty')}
        </p>
      ) : (
        <ServiceTable services={services} />
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
