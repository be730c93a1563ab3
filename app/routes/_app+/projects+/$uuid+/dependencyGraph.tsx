import { json, type LoaderFunctionArgs } from '@remix-run/node'
import {
  Form,
  Link,
  Outlet,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
  useSubmit,
  type ShouldRevalidateFunction,
} from '@remix-run/react'
import { Loader2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { getProject } from '~/api/projects.server.ts'
import { GraphExplorer, usePreloadedCanvas } from '~/components/dependency-graph/graph-explorer.tsx'
import {
  parseDependencyList,
  parseExpandParam,
  parseLookupParam,
} from '~/components/dependency-graph/graph-model.ts'
import { NotFoundIcon } from '~/components/dependency-graph/icons.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { loadGraphPage } from './__dependency-graph.server.ts'

/** URL parameters the browser applies by itself; changing them needs no new data. */
const CLIENT_ONLY_PARAMS = ['view', 'outdated']

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const t = await getFixedT(request, context)
  const url = new URL(request.url)
  let project
  try {
    project = await getProject(api, params.uuid ?? '')
  } catch (error) {
    if (error instanceof ApiError && [400, 403, 404].includes(error.status)) {
      throw new Response(null, { status: error.status === 403 ? 403 : 404 })
    }
    throw error
  }
  const lookupParam = params.componentUuids
  const lookup = lookupParam === undefined ? undefined : parseLookupParam(lookupParam)
  const complete = url.searchParams.get('all') === '1'
  const expand = parseExpandParam(url.searchParams.get('expand'))
  const page =
    lookupParam !== undefined && !lookup
      ? { data: { nodes: {}, children: {} }, expanded: [], found: [], notFound: true, cut: false }
      : await loadGraphPage(api, project, { expand, lookup, complete })
  const label = project.version ? `${project.name} ${project.version}` : project.name
  return json({
    project: { uuid: project.uuid, label },
    hasGraph: parseDependencyList(project.directDependencies).length > 0,
    lookup: lookupParam !== undefined,
    complete,
    page,
    canHighlightOutdated: Object.values(page.data.nodes).some((node) => node.latestVersion),
    graphKey: JSON.stringify([lookupParam, complete, expand]),
    title: t('meta.title', { page: `${t('dependencyGraph.title')} · ${label}` }),
  })
}

export const meta = titleMeta

export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  if (currentUrl.pathname !== nextUrl.pathname) return true
  const strip = (url: URL) => {
    const search = new URLSearchParams(url.search)
    for (const name of CLIENT_ONLY_PARAMS) search.delete(name)
    search.sort()
    return search.toString()
  }
  return strip(currentUrl) !== strip(nextUrl) || defaultShouldRevalidate
}

export default function ProjectDependencyGraphTab() {
  const data = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const location = useLocation()
  const navigation = useNavigation()
  const [searchParams] = useSearchParams()
  const submit = useSubmit()
  usePreloadedCanvas()
  const base = `/projects/${data.project.uuid}/dependencyGraph`
  const highlightOutdated = data.canHighlightOutdated && searchParams.get('outdated') === '1'
  const loading =
    navigation.state === 'loading' &&
    navigation.location.pathname.startsWith(base) &&
    `${navigation.location.pathname}${navigation.location.search}` !==
      `${location.pathname}${location.search}`
  const showOptions = data.hasGraph && (data.lookup || data.canHighlightOutdated)

  return (
    <section aria-labelledby="dependency-graph-heading" className="flex flex-col gap-4">
      <h2 id="dependency-graph-heading" className="text-lg font-semibold">
        {t('dependencyGraph.title')}
      </h2>
      {showOptions ? (
        <Form
          method="get"
          action={location.pathname}
          className="flex flex-wrap items-center gap-4"
          onChange={(event) => submit(event.currentTarget, { replace: true })}
        >
          {searchParams.get('view') ? (
            <input type="hidden" name="view" value={searchParams.get('view') ?? ''} />
          ) : null}
          {data.lookup ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="all"
                value="1"
                defaultChecked={data.complete}
                className="size-4"
              />
              {t('dependencyGraph.showComplete')}
            </label>
          ) : null}
          {data.canHighlightOutdated ? (
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="outdated"
                value="1"
                defaultChecked={highlightOutdated}
                className="size-4"
              />
              {t('dependencyGraph.highlightOutdated')}
            </label>
          ) : null}
          <Button type="submit" size="sm" variant="secondary">
            {t('projects.apply')}
          </Button>
        </Form>
      ) : null}
      {loading ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {t('dependencyGraph.loading')}
        </p>
      ) : null}
      {!data.hasGraph ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {t('dependencyGraph.empty')}
        </p>
      ) : data.page.notFound ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center">
          <NotFoundIcon aria-hidden className="size-8 text-muted-foreground" />
          <p role="status" className="font-medium">
            {t('dependencyGraph.notFound')}
          </p>
          <Link to={base} className="text-sm text-primary underline">
            {t('dependencyGraph.wholeGraph')}
          </Link>
        </div>
      ) : (
        <GraphExplorer
          key={data.graphKey}
          rootLabel={data.project.label}
          rootHref={`/projects/${data.project.uuid}`}
          initial={data.page.data}
          initialExpanded={data.page.expanded}
          searched={data.page.found}
          highlightOutdated={highlightOutdated}
          cut={data.page.cut}
        />
      )}
      <Outlet />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
