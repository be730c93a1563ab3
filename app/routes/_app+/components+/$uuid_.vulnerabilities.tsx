import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { ChevronRight } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { getComponent } from '~/api/components.server.ts'
import {
  COMPONENT_VULNERABILITY_SORTS,
  listComponentVulnerabilities,
} from '~/api/findings.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { ComponentTabs } from '~/components/findings/component-tabs.tsx'
import { ComponentVulnerabilitiesTable } from '~/components/findings/component-vulnerabilities-table.tsx'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { FilterSwitch, ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { flagParam, listParamsSchema, parseListParams } from '~/components/list-kit/url-state.ts'
import { titleMeta } from '~/components/placeholder.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { componentLabel } from './__component-page.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const t = await getFixedT(request, context)
  const uuid = params.uuid ?? ''
  // Built here, not at module level: the sort keys live in a server-only module.
  const schema = listParamsSchema(COMPONENT_VULNERABILITY_SORTS, { suppressed: flagParam })
  const query = parseListParams(schema, new URL(request.url).searchParams)
  let component
  try {
    component = await getComponent(api, uuid)
  } catch (error) {
    if (error instanceof ApiError && [400, 403, 404].includes(error.status)) {
      throw new Response('Not Found', { status: 404 })
    }
    throw error
  }
  const { vulnerabilities, total } = await listComponentVulnerabilities(api, uuid, {
    suppressed: query.suppressed,
    searchText: query.searchText,
    pageNumber: query.page,
    pageSize: query.pageSize,
    sortName: query.sortName,
    sortOrder: query.sortOrder,
  })
  const label = componentLabel(component)
  return json({
    component: { uuid: component.uuid, name: component.name, project: component.project },
    label,
    vulnerabilities,
    total,
    query,
    title: t('meta.title', { page: t('findings.componentVulnerabilities.title', { label }) }),
  })
}

export const meta = titleMeta

export default function ComponentVulnerabilitiesRoute() {
  const { component, label, vulnerabilities, total, query } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const project = component.project
  const caption = t('findings.componentVulnerabilities.caption', { count: total })
  return (
    <div className="flex flex-col gap-6">
      <nav aria-label={t('componentDetails.breadcrumb')}>
        <ol className="flex flex-wrap items-center gap-1 text-sm text-muted-foreground">
          <li>
            <Link to={`/projects/${project.uuid}`} className="text-primary hover:underline">
              {project.version ? `${project.name} ${project.version}` : project.name}
            </Link>
          </li>
          <li className="flex items-center gap-1">
            <ChevronRight aria-hidden className="size-4" />
            <Link to={`/components/${component.uuid}`} className="text-primary hover:underline">
              {component.name}
            </Link>
          </li>
        </ol>
      </nav>
      <h1 className="text-2xl font-semibold tracking-tight">{label}</h1>
      <ComponentTabs uuid={component.uuid} />
      <section aria-labelledby="component-vulnerabilities" className="flex flex-col gap-4">
        <h2 id="component-vulnerabilities" className="text-lg font-semibold">
          {caption}
        </h2>
        <ListToolbar
          idPrefix="component-vulnerabilities"
          searchLabel={t('vulnerabilities.list.search')}
          searchValue={query.searchText}
          owns={['suppressed']}
        >
          <FilterSwitch
            name="suppressed"
            label={t('findings.showSuppressed')}
            checked={query.suppressed}
          />
        </ListToolbar>
        {vulnerabilities.length === 0 ? (
          <EmptyList>
            {query.searchText
              ? t('findings.componentVulnerabilities.noMatch')
              : t('findings.componentVulnerabilities.empty')}
          </EmptyList>
        ) : (
          <ComponentVulnerabilitiesTable rows={vulnerabilities} caption={caption} />
        )}
        <Pager
          total={total}
          page={query.page}
          pageSize={query.pageSize}
          label={t('findings.componentVulnerabilities.pagination')}
          showingKey="vulnerabilities.list.showing"
          pageSizeParam="pageSize"
          idPrefix="component-vulnerabilities"
        />
      </section>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
