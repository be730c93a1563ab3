import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useLoaderData, useSubmit } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { listProjects, type ProjectRow } from '~/api/projects.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { ProjectTable } from '~/components/projects/project-table.tsx'
import { Pager } from '~/components/list-controls.tsx'
import { DIALOG_KEYS as PROJECT_DIALOG_PARAMS } from '~/components/project-details/dialog-url.ts'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { ProjectListParamsSchema } from '~/routes/_app+/projects+/__projects.server.ts'

/** The 4.13 Collection Projects tab: the project list scoped to the collection's direct children. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const url = new URL(request.url)
  const query = ProjectListParamsSchema.parse(Object.fromEntries(url.searchParams))
  const uuid = params.uuid ?? ''
  const searching = Boolean(query.searchText)
  const excludeInactive = !query.showInactive
  try {
    const { projects, total } = await listProjects(api, {
      parentUuid: uuid,
      excludeInactive,
      onlyRoot: false,
      searchText: query.searchText,
      pageNumber: query.page,
      pageSize: query.pageSize,
      sortName: query.sortName,
      sortOrder: query.sortOrder,
    })
    const childrenOf: Record<string, ProjectRow[]> = {}
    if (!searching) {
      for (const parent of query.expand) {
        const page = await listProjects(api, {
          parentUuid: parent,
          excludeInactive,
          onlyRoot: false,
          pageNumber: 1,
          pageSize: 100,
        })
        childrenOf[parent] = page.projects
      }
    }
    return json({
      projects,
      total,
      childrenOf,
      tree: !searching,
      query: { ...query, expand: undefined },
    })
  } catch (error) {
    if (error instanceof ApiError && [400, 403, 404].includes(error.status)) {
      throw new Response('Not Found', { status: 404 })
    }
    throw error
  }
}

export default function CollectionProjectsTab() {
  const { projects, total, childrenOf, tree, query } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const submit = useSubmit()

  return (
    <section aria-labelledby="collection-heading" className="flex flex-col gap-4">
      <h2 id="collection-heading" className="text-lg font-semibold">
        {t('services.collection.title', { count: total })}
      </h2>
      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-4"
        onChange={(event) => {
          if ((event.target as HTMLElement).getAttribute('type') === 'checkbox')
            submit(event.currentTarget, { preventScrollReset: true })
        }}
      >
        {query.sortName ? <input type="hidden" name="sortName" value={query.sortName} /> : null}
        {query.sortOrder ? <input type="hidden" name="sortOrder" value={query.sortOrder} /> : null}
        <input type="hidden" name="pageSize" value={query.pageSize} />
        <div className="flex min-w-[14rem] flex-1 flex-col gap-1">
          <label htmlFor="collection-search" className="text-sm font-medium">
            {t('services.collection.search')}
          </label>
          <Input
            id="collection-search"
            type="search"
            name="searchText"
            defaultValue={query.searchText ?? ''}
          />
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            name="showInactive"
            value="1"
            defaultChecked={query.showInactive}
            className="size-4"
          />
          {t('projects.showInactive')}
        </label>
        <Button type="submit" variant="secondary">
          {t('projects.apply')}
        </Button>
      </Form>

      {projects.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {query.searchText ? t('services.collection.noMatch') : t('services.collection.empty')}
        </p>
      ) : (
        <ProjectTable
          projects={projects}
          childrenOf={childrenOf}
          tree={tree}
          showInactive={query.showInactive}
        />
      )}
      <Pager
        total={total}
        page={query.page}
        pageSize={query.pageSize}
        label={t('services.collection.pagination')}
        showingKey="projects.showing"
        pageSizeParam="pageSize"
        idPrefix="children"
        dropParams={PROJECT_DIALOG_PARAMS}
      />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
