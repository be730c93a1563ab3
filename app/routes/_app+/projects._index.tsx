import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useSearchParams,
  useSubmit,
} from '@remix-run/react'
import { Plus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import {
  createProject,
  listProjects,
  visibleTeams,
  type ProjectRow,
} from '~/api/projects.server.ts'
import { getPublicProperty } from '~/api/public.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { Pager } from '~/components/list-controls.tsx'
import { CreateProjectDialog } from '~/components/projects/create-project-dialog.tsx'
import { listUrl } from '~/components/projects/list-url.ts'
import { ProjectTable } from '~/components/projects/project-table.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { serverMessageLines, toastForFailedResponse } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { splitTags } from '~/utils/portfolio.ts'
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server.ts'
import { CreateProjectFormSchema, ProjectListParamsSchema } from './__projects.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const url = new URL(request.url)
  const params = ProjectListParamsSchema.parse(Object.fromEntries(url.searchParams))
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
    projects,
    total,
    params: { ...params, expand: undefined },
    tree: !flat,
    searching,
    childrenOf,
    canCreate,
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
    if (error.status < 500 && error.response.contentType?.startsWith('text/plain')) {
      return json(
        { result: submission.reply({ formErrors: serverMessageLines(error.response.body, t) }) },
        { status: error.status },
      )
    }
    return json(
      { result: submission.reply() },
      {
        status: error.status,
        headers: await createToastHeaders(context, toastForFailedResponse(error.response, t)),
      },
    )
  }
}

export const meta = titleMeta

export default function ProjectsRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const submit = useSubmit()
  const { params, total } = data

  return (
    <div className="flex flex-col gap-4">
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
                to={listUrl(searchParams, {
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
            <Link to={`${listUrl(searchParams, {})}&create`} preventScrollReset>
              <Plus aria-hidden />
              {t('projects.create.open')}
            </Link>
          </Button>
        ) : null}
      </header>

      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-4 rounded-lg border bg-card p-3"
        onChange={(event) => {
          if ((event.target as HTMLElement).getAttribute('type') === 'checkbox')
            submit(event.currentTarget)
        }}
      >
        {params.tag ? <input type="hidden" name="tag" value={params.tag} /> : null}
        {params.classifier ? (
          <input type="hidden" name="classifier" value={params.classifier} />
        ) : null}
        {params.sortName ? <input type="hidden" name="sortName" value={params.sortName} /> : null}
        {params.sortOrder ? (
          <input type="hidden" name="sortOrder" value={params.sortOrder} />
        ) : null}
        <input type="hidden" name="pageSize" value={params.pageSize} />
        <div className="flex min-w-[14rem] flex-1 flex-col gap-1">
          <label htmlFor="project-search" className="text-sm font-medium">
            {t('projects.search')}
          </label>
          <Input
            id="project-search"
            type="search"
            name="searchText"
            defaultValue={params.searchText ?? ''}
          />
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            name="showInactive"
            value="1"
            defaultChecked={params.showInactive}
            className="size-4"
          />
          {t('projects.showInactive')}
        </label>
        <label
          className="flex items-center gap-2 pb-2 text-sm"
          title={data.searching ? t('projects.flatWhileSearching') : undefined}
        >
          <input
            type="checkbox"
            name="flat"
            value="1"
            defaultChecked={params.flat || data.searching}
            disabled={data.searching}
            className="size-4"
          />
          {t('projects.flatView')}
        </label>
        <Button type="submit" variant="secondary">
          {t('projects.apply')}
        </Button>
      </Form>

      {data.projects.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {t('projects.empty')}
        </p>
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
