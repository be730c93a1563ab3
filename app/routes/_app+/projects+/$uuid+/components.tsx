import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
  useActionData,
  useLoaderData,
  useParams,
  useRevalidator,
  useRouteLoaderData,
  useSearchParams,
} from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { createComponent, isProcessing, listProjectComponents } from '~/api/components.server.ts'
import { AddComponentDialog } from '~/components/component-details/add-component-dialog.tsx'
import { BomUploadForm, UploadProgress } from '~/components/component-details/bom-upload-form.tsx'
import { ComponentsToolbar } from '~/components/component-details/components-toolbar.tsx'
import {
  COMPONENT_OPTIONAL_COLUMNS,
  COMPONENT_OPTIONAL_LABELS,
  ProjectComponentsTable,
} from '~/components/component-details/project-components-table.tsx'
import { ColumnPicker, parseVisibleColumns } from '~/components/findings/column-picker.tsx'
import { parseDependencyList } from '~/components/dependency-graph/graph-model.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { FilterSwitch, ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { listHref, parseListParams } from '~/components/list-kit/url-state.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { meetsRequirement } from '~/utils/permissions.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import {
  COMPONENT_FIELDS,
  ComponentFormSchema,
  failedSubmission,
} from '~/routes/_app+/components+/__component-form.server.ts'
import {
  CAN_UPLOAD,
  ComponentListParamsSchema,
  removeComponents,
  tabUrl,
  uploadAction,
} from './__components-tab.server.ts'
import type { loader as projectLoader } from './_layout.tsx'

const CAN_MANAGE = 'PORTFOLIO_MANAGEMENT'
const REMOVE_FORM = 'remove-components'
const PROJECT_ROUTE = 'routes/_app+/projects+/$uuid+/_layout'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const url = new URL(request.url)
  const query = parseListParams(ComponentListParamsSchema, url.searchParams)
  const uuid = params.uuid ?? ''
  const [{ components, total }, processing] = await Promise.all([
    listProjectComponents(api, uuid, {
      searchText: query.searchText,
      onlyOutdated: query.onlyOutdated,
      onlyDirect: query.onlyDirect,
      pageNumber: query.page,
      pageSize: query.pageSize,
      sortName: query.sortName,
      sortOrder: query.sortOrder,
    }),
    query.token ? isProcessing(api, query.token) : Promise.resolve(false),
  ])
  const canManage = meetsRequirement(permissions, CAN_MANAGE)
  return json({
    components,
    total,
    query,
    processing,
    canUpload: meetsRequirement(permissions, CAN_UPLOAD),
    canManage,
    adding: canManage && url.searchParams.has('add'),
    visible: parseVisibleColumns(url.searchParams, COMPONENT_OPTIONAL_COLUMNS, []),
    constraint: getZodConstraint(ComponentFormSchema),
  })
}

export async function action(args: ActionFunctionArgs) {
  const type = args.request.headers.get('Content-Type') ?? ''
  return type.startsWith('multipart/form-data') ? uploadAction(args) : manageAction(args)
}

/** Add Component and Remove Component (PORTFOLIO_MANAGEMENT). */
async function manageAction({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, CAN_MANAGE)
  const t = await getFixedT(request, context)
  const uuid = params.uuid ?? ''
  const formData = await request.formData()
  const here = tabUrl(uuid, new URL(request.url).searchParams)
  switch (formData.get('intent')) {
    case 'removeComponents': {
      const selected = formData.getAll('componentUuid').filter((value) => typeof value === 'string')
      if (selected.length === 0) {
        return redirectWithToast(context, here, {
          type: 'warning',
          title: t('componentDetails.remove.noneSelected'),
        })
      }
      const { removed, failure } = await removeComponents(api, selected)
      if (failure) {
        const toast = toastForFailedResponse(failure.response, t)
        return redirectWithToast(context, here, {
          ...toast,
          description: [t('componentDetails.remove.removed', { count: removed }), toast.description]
            .filter(Boolean)
            .join('\n'),
        })
      }
      return redirectWithToast(context, here, {
        type: 'success',
        title: t('componentDetails.remove.removed', { count: removed }),
      })
    }
    case 'addComponent': {
      const submission = parseWithZod(formData, { schema: ComponentFormSchema })
      if (submission.status !== 'success') {
        return json({ result: submission.reply() }, { status: 400 })
      }
      try {
        await createComponent(api, uuid, submission.value)
      } catch (error) {
        if (!(error instanceof ApiError)) throw error
        return failedSubmission(context, t, submission, error, COMPONENT_FIELDS)
      }
      return redirectWithToast(context, here, {
        type: 'success',
        title: t('componentDetails.add.created'),
      })
    }
    default:
      throw new Response('Invalid intent', { status: 400 })
  }
}

export default function ProjectComponentsTab() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const project = useRouteLoaderData<typeof projectLoader>(PROJECT_ROUTE)?.project
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const revalidator = useRevalidator()
  const { query, total } = data
  const projectUuid = useParams().uuid ?? ''
  const caption = t('components.title', { count: total })

  useEffect(() => {
    if (!data.processing) return
    const timer = setTimeout(() => revalidator.revalidate(), 1500)
    return () => clearTimeout(timer)
  }, [data.processing, revalidator])

  return (
    <section aria-labelledby="components-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="components-heading" className="text-lg font-semibold">
        {caption}
      </h2>
      {data.processing ? <UploadProgress /> : null}
      <ComponentsToolbar
        projectUuid={projectUuid}
        canManage={data.canManage}
        addTo={`${listHref(searchParams, {})}&add`}
        removeFormId={REMOVE_FORM}
      />
      {/* A new upload token means the last upload succeeded: a fresh form forgets its file. */}
      {data.canUpload ? <BomUploadForm key={query.token ?? 'upload'} /> : null}

      <ListToolbar
        idPrefix="component"
        searchLabel={t('components.search')}
        searchValue={query.searchText}
        owns={['onlyOutdated', 'onlyDirect']}
      >
        <FilterSwitch
          name="onlyOutdated"
          label={t('components.onlyOutdated')}
          title={t('components.onlyOutdatedHint')}
          checked={query.onlyOutdated}
        />
        <FilterSwitch
          name="onlyDirect"
          label={t('components.onlyDirect')}
          checked={query.onlyDirect}
        />
      </ListToolbar>

      <div className="flex justify-end">
        <ColumnPicker
          columns={COMPONENT_OPTIONAL_COLUMNS.map((key) => ({
            key,
            label: t(COMPONENT_OPTIONAL_LABELS[key]),
          }))}
          visible={data.visible}
        />
      </div>
      {data.components.length === 0 ? (
        <EmptyList>
          {query.searchText || query.onlyDirect || query.onlyOutdated
            ? t('components.noMatch')
            : t('components.empty')}
        </EmptyList>
      ) : (
        <ProjectComponentsTable
          projectUuid={projectUuid}
          components={data.components}
          caption={caption}
          removeForm={data.canManage ? REMOVE_FORM : undefined}
          hasGraph={parseDependencyList(project?.directDependencies).length > 0}
          visible={data.visible}
        />
      )}
      <Pager
        total={total}
        page={query.page}
        pageSize={query.pageSize}
        label={t('components.pagination')}
        showingKey="componentSearch.showing"
        pageSizeParam="pageSize"
        idPrefix="components"
      />
      {data.adding ? (
        <AddComponentDialog
          constraint={data.constraint}
          lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
          closeTo={listHref(searchParams, { add: undefined })}
        />
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
