import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { Plus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import {
  createProject,
  hasAnyProject,
  listProjects,
  visibleTeams,
  type ProjectRow,
} from '~/api/projects.server.ts'
import { getPublicProperty } from '~/api/public.server.ts'
import { ListPageWidgets } from '~/components/dashboard/portfolio-widgets.tsx'
import { loadPortfolioWidgets } from '~/components/dashboard/widgets.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { FilterSwitch, ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { listHref, parseListParams } from '~/components/list-kit/url-state.ts'
import { CreateProjectDialog } from '~/components/projects/create-project-dialog.tsx'
import { FirstProjectPrompt } from '~/components/projects/first-project.tsx'
import { ProjectTable } from '~/components/projects/project-table.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { failedSubmission } from '~/utils/form-refusal.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { splitTags } from '~/utils/portfolio.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import { CreateProjectFormSchema, ProjectListParamsSchema } from './__projects.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const { api, permissions } = session
  // Started first, awaited last: the widgets' figures load beside the list.
  const widgets = loadPortfolioWidgets(context, session)
  const url = new URL(request.url)
  const params = parseListParams(ProjectListParamsSchema, url.searchParams)
  const searching = Boolean(params.searchText)
  const flat = params.flat || searching
  const filters = {
    tag: params.tag,
    classifier: params.classifier,
    excludeInactive: !params.showInactive,
  }
  const { projects, total } = await listProjects(api, {
    ...filters,
    onlyRoot: !flat,
    searchText: params.searchText,
    pageNumber: params.page,
    pageSize: params.pageSize,
    sortName: params.sortName,
    sortOrder: params.sortOrder,
  })
  const childrenOf: Record<string, ProjectRow[]> = {}
  if (!flat) {
    for (const uuid of params.expand) {
      const page = await listProjects(api, {
        ...filters,
        parentUuid: uuid,
        onlyRoot: false,
        pageNumber: 1,
        pageSize: 100,
      })
      childrenOf[uuid] = page.projects
    }
  }
  const canCreate = permissions.includes('PORTFOLIO_MANAGEMENT')
  const filtered = Boolean(params.searchText || params.tag || params.classifier)
  const portfolioEmpty =
    total === 0 && !filtered && (params.showInactive || !(await hasAnyProject(api)))
  const choices =
    canCreate && url.searchParams.has('create')
      ? {
          teams: await visibleTeams(api),
          aclEnabled: /^(true|1|yes)$/i.test(
            (await getPublicProperty(context, 'access-management', 'acl.enabled').catch(
              () => '',
            )) ?? '',
          ),
          parents: (
            await listProjects(api, {
              excludeInactive: true,
              onlyRoot: false,
              pageNumber: 1,
              pageSize: 100,
            })
          ).projects.map(({ uuid, name, version }) => ({ uuid, name, version })),
        }
      : undefined
  const t = await getFixedT(request, context)
  return json({
    widgets: await widgets,
    projects,
    total,
    params: { ...params, expand: undefined },
    tree: !flat,
    searching,
    childrenOf,
    canCreate,
    canUpload: permissions.includes('BOM_UPLOAD'),
    portfolioEmpty,
    choices,
    constraint: getZodConstraint(CreateProjectFormSchema),
    title: t('meta.title', { page: t('pages.projects') }),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, 'PORTFOLIO_MANAGEMENT')
  const formData = await request.formData()
  if (formData.get('intent') !== 'create') throw new Response('Invalid intent', { status: 400 })
  const submission = parseWithZod(formData, { schema: CreateProjectFormSchema })
  if (submission.status !== 'success') {
    return json({ result: submission.reply() }, { status: 400 })
  }
  const t = await getFixedT(request, context)
  try {
    const project = await createProject(api, {
      ...submission.value,
      tags: splitTags(submission.value.tags),
    })
    return redirectWithToast(context, `/projects/${project.uuid}`, {
      type: 'success',
      title: t('projects.create.created'),
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return failedSubmission(context, t, submission, error, [])
  }
}

export const meta = titleMeta

export default function ProjectsRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const { params, total } = data
  const createTo = `${listHref(searchParams, {})}&create`

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.projects')}</h1>
          {params.tag || params.classifier ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              {params.tag
                ? t('projects.filteredByTag', { tag: params.tag })
                : t('projects.filteredByClassifier', {
                    classifier: t(`classifier.${params.classifier}`),
                  })}
              <Link
                to={listHref(searchParams, {
                  tag: undefined,
                  classifier: undefined,
                  page: undefined,
                })}
                className="inline-flex items-center gap-1 text-primary hover:underline"
              >
                <X aria-hidden className="size-3" />
                {t('projects.clearFilter')}
              </Link>
            </p>
          ) : null}
        </div>
        {data.canCreate ? (
          <Button asChild>
            <Link to={createTo} preventScrollReset>
              <Plus aria-hidden />
              {t('projects.create.open')}
            </Link>
          </Button>
        ) : null}
      </header>

      <ListPageWidgets widgets={data.widgets} />

      <ListToolbar
        idPrefix="project"
        searchLabel={t('projects.search')}
        searchValue={params.searchText}
        owns={['showInactive', 'flat', 'expand']}
        boxed
      >
        <FilterSwitch
          name="showInactive"
          label={t('projects.showInactive')}
          checked={params.showInactive}
        />
        <FilterSwitch
          name="flat"
          label={t('projects.flatView')}
          checked={params.flat || data.searching}
          disabled={data.searching}
          title={data.searching ? t('projects.flatWhileSearching') : undefined}
        />
      </ListToolbar>

      {data.portfolioEmpty ? (
        <FirstProjectPrompt
          canCreate={data.canCreate}
          canUpload={data.canUpload}
          createTo={createTo}
        />
      ) : data.projects.length === 0 ? (
        <EmptyList>{t('projects.empty')}</EmptyList>
      ) : (
        <ProjectTable
          projects={data.projects}
          childrenOf={data.childrenOf}
          tree={data.tree}
          showInactive={params.showInactive}
        />
      )}

      <Pager
        total={total}
        page={params.page}
        pageSize={params.pageSize}
        label={t('projects.pagination')}
        showingKey="projects.showing"
        pageSizeParam="pageSize"
        idPrefix="projects"
      />

      {data.choices ? (
        <CreateProjectDialog
          choices={data.choices}
          constraint={data.constraint}
          lastResult={actionData?.result}
        />
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
