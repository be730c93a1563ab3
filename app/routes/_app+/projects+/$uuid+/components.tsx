import {
  json,
  unstable_createMemoryUploadHandler,
  unstable_parseMultipartFormData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from '@remix-run/node'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useRevalidator,
  useParams,
  useSearchParams,
  useSubmit,
} from '@remix-run/react'
import { Check, Loader2, Network, Upload } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import {
  createComponent,
  deleteComponent,
  isProcessing,
  listProjectComponents,
  uploadBom,
} from '~/api/components.server.ts'
import { AddComponentDialog } from '~/components/component-details/add-component-dialog.tsx'
import { ComponentsToolbar } from '~/components/component-details/components-toolbar.tsx'
import { SelectAllHeader } from '~/components/list-controls.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { listUrl } from '~/components/projects/list-url.ts'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
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
import { ComponentListParamsSchema, tabUrl } from './__components-tab.server.ts'

// The API accepts uploads only with BOM_UPLOAD (the 4.13 console also offered them to portfolio managers).
const CAN_UPLOAD = 'BOM_UPLOAD'
const CAN_MANAGE = 'PORTFOLIO_MANAGEMENT'
const REMOVE_FORM = 'remove-components'
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const url = new URL(request.url)
  const query = ComponentListParamsSchema.parse(Object.fromEntries(url.searchParams))
  const uuid = params.uuid ?? ''
  const [{ components, total }, processing] = await Promise.all([
    listProjectComponents(api, uuid, {
      searchText: query.searchText,
      onlyDirect: query.onlyDirect,
      pageNumber: query.page,
      pageSize: query.pageSize,
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
      let removed = 0
      let failure: ApiError | undefined
      for (const componentUuid of selected) {
        try {
          await deleteComponent(api, componentUuid)
          removed += 1
        } catch (error) {
          if (!(error instanceof ApiError)) throw error
          failure ??= error
        }
      }
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

async function uploadAction({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, CAN_UPLOAD)
  const t = await getFixedT(request, context)
  const uuid = params.uuid ?? ''
  const here = `/projects/${uuid}/components`
  let file: File | null = null
  try {
    const form = await unstable_parseMultipartFormData(
      request,
      unstable_createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES }),
    )
    const value = form.get('bom')
    file = value instanceof File && value.size > 0 ? value : null
  } catch {
    return redirectWithToast(context, here, {
      type: 'error',
      title: t('components.upload.tooLarge'),
    })
  }
  if (!file) {
    return redirectWithToast(context, here, {
      type: 'warning',
      title: t('components.upload.noFile'),
    })
  }
  try {
    const token = await uploadBom(api, uuid, new Uint8Array(await file.arrayBuffer()))
    return redirectWithToast(context, `${here}?${new URLSearchParams({ token })}`, {
      type: 'success',
      title: t('components.upload.uploaded'),
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(context, here, toastForFailedResponse(error.response, t))
  }
}

export default function ProjectComponentsTab() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const submit = useSubmit()
  const revalidator = useRevalidator()
  const { query, total } = data
  const projectUuid = useParams().uuid ?? ''
  const pages = Math.max(1, Math.ceil(total / query.pageSize))

  useEffect(() => {
    if (!data.processing) return
    const timer = setTimeout(() => revalidator.revalidate(), 1500)
    return () => clearTimeout(timer)
  }, [data.processing, revalidator])

  return (
    <section aria-labelledby="components-heading" className="flex flex-col gap-4">
      <h2 id="components-heading" className="text-lg font-semibold">
        {t('components.title', { count: total })}
      </h2>
      {data.processing ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm"
        >
          <Loader2 aria-hidden className="size-4 animate-spin" />
          {t('components.upload.processing')}
          <noscript>
            <Link to="" className="text-primary underline">
              {t('components.upload.refresh')}
            </Link>
          </noscript>
        </p>
      ) : null}
      <ComponentsToolbar
        projectUuid={projectUuid}
        canManage={data.canManage}
        addTo={`${listUrl(searchParams, { token: undefined })}&add`}
        removeFormId={REMOVE_FORM}
      />
      {data.canUpload ? (
        <Form
          method="post"
          encType="multipart/form-data"
          className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-3"
        >
          <div className="flex flex-col gap-1">
            <label htmlFor="bom-file" className="text-sm font-medium">
              {t('components.upload.label')}
            </label>
            <input
              id="bom-file"
              name="bom"
              type="file"
              accept=".json,.xml,application/json,application/xml,text/xml"
              required
              className="text-sm"
            />
          </div>
          <Button type="submit">
            <Upload aria-hidden />
            {t('components.upload.submit')}
          </Button>
        </Form>
      ) : null}

      <Form
        method="get"
        role="search"
        className="flex flex-wrap items-end gap-4"
        onChange={(event) => {
          if ((event.target as HTMLElement).getAttribute('type') === 'checkbox')
            submit(event.currentTarget)
        }}
      >
        <input type="hidden" name="pageSize" value={query.pageSize} />
        <div className="flex min-w-[14rem] flex-1 flex-col gap-1">
          <label htmlFor="component-search" className="text-sm font-medium">
            {t('components.search')}
          </label>
          <Input
            id="component-search"
            type="search"
            name="searchText"
            defaultValue={query.searchText ?? ''}
          />
        </div>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            name="onlyDirect"
            value="1"
            defaultChecked={query.onlyDirect}
            className="size-4"
          />
          {t('components.onlyDirect')}
        </label>
        <Button type="submit" variant="secondary">
          {t('projects.apply')}
        </Button>
      </Form>

      {data.components.length === 0 ? (
        <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
          {t('components.empty')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border">
          <table className="w-full text-left text-sm">
            <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                {data.canManage ? (
                  <SelectAllHeader
                    name="componentUuid"
                    form={REMOVE_FORM}
                    label={t('componentDetails.remove.selectAll')}
                  />
                ) : null}
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('components.columns.name')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('components.columns.version')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('components.columns.group')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('components.columns.internal')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('components.columns.license')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('components.columns.riskScore')}
                </th>
              </tr>
            </thead>
            <tbody>
              {data.components.map((component) => (
                <tr key={component.uuid} className="border-t">
                  {data.canManage ? (
                    <td className="px-3 py-2">
                      <input
                        type="checkbox"
                        form={REMOVE_FORM}
                        name="componentUuid"
                        value={component.uuid}
                        aria-label={t('componentDetails.remove.select', { name: component.name })}
                        className="size-4"
                      />
                    </td>
                  ) : null}
                  <td className="px-3 py-2">
                    <span className="flex items-center gap-2">
                      <Link
                        to={`/components/${component.uuid}`}
                        className="font-medium text-primary hover:underline"
                      >
                        {component.name}
                      </Link>
                      <Link
                        to={`/projects/${projectUuid}/dependencyGraph/${component.uuid}`}
                        title={t('componentDetails.showInGraph')}
                        className="rounded text-muted-foreground hover:text-foreground"
                      >
                        <Network aria-hidden className="size-4" />
                        <span className="sr-only">{t('componentDetails.showInGraph')}</span>
                      </Link>
                    </span>
                  </td>
                  <td className="px-3 py-2">{component.version}</td>
                  <td className="px-3 py-2">{component.group}</td>
                  <td className="px-3 py-2">
                    {component.isInternal ? (
                      <Check aria-label={t('components.columns.internal')} className="size-4" />
                    ) : null}
                  </td>
                  <td className="px-3 py-2">
                    {component.resolvedLicense?.licenseId ??
                      component.license ??
                      component.licenseExpression}
                  </td>
                  <td className="px-3 py-2">{component.lastInheritedRiskScore ?? 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav
        aria-label={t('components.pagination')}
        className="flex items-center justify-end gap-2 text-sm"
      >
        {query.page > 1 ? (
          <Button asChild size="sm" variant="outline">
            <Link to={listUrl(searchParams, { page: String(query.page - 1), token: undefined })}>
              {t('projects.previous')}
            </Link>
          </Button>
        ) : null}
        <span aria-current="page">
          {query.page} / {pages}
        </span>
        {query.page < pages ? (
          <Button asChild size="sm" variant="outline">
            <Link to={listUrl(searchParams, { page: String(query.page + 1), token: undefined })}>
              {t('projects.next')}
            </Link>
          </Button>
        ) : null}
      </nav>
      {data.adding ? (
        <AddComponentDialog
          constraint={data.constraint}
          lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
          closeTo={listUrl(searchParams, { add: undefined, token: undefined })}
        />
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
