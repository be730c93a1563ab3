import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { listProjects, type ProjectRow } from '~/api/projects.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { ProjectTable } from '~/components/projects/project-table.tsx'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { FilterSwitch, ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import { DIALOG_KEYS as PROJECT_DIALOG_PARAMS } from '~/components/project-details/dialog-url.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { ProjectListParamsSchema } from '~/routes/_app+/projects+/__projects.server.ts'

/** The 4.13 Collection Projects tab: the project list scoped to the collection's direct children. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const url = new URL(request.url)
  const query = parseListParams(ProjectListParamsSchema, url.searchParams)
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

  return (
    <section aria-labelledby="collection-heading" className="flex flex-col gap-4">
      <h2 id="collection-heading" className="text-lg font-semibold">
        {t('services.collection.title', { count: total })}
      </h2>
      <ListToolbar
        idPrefix="collection"
        searchLabel={t('services.collection.search')}
        searchValue={query.searchText}
        owns={['showInactive', 'expand', ...PROJECT_DIALOG_PARAMS]}
      >
        <FilterSwitch
          name="showInactive"
          label={t('projects.showInactive')}
          checked={query.showInactive}
        />
      </ListToolbar>

      {projects.length === 0 ? (
        <EmptyList>
          {query.searchText ? t('services.collection.noMatch') : t('services.collection.empty')}
        </EmptyList>
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
