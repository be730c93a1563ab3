import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ListPageWidgets } from '~/components/dashboard/portfolio-widgets.tsx'
import { loadPortfolioWidgets } from '~/components/dashboard/widgets.server.ts'
import { redirectPastLastPage } from '~/components/list-kit/last-page.server.ts'
import { ApiError } from '~/api/client.server.ts'
import { deleteTags, listTagged, listTags, tagErrors, unassignTag } from '~/api/tags.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { EmptyList, ListTable, SelectRowCell } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import { CountCell } from '~/components/tags/count-cell.tsx'
import { openTaggedUrl, TaggedDialog } from '~/components/tags/tagged-dialog.tsx'
import { Alert } from '~/components/ui/alert.tsx'
import { Button } from '~/components/ui/button.tsx'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server.ts'
import {
  backToTags,
  parseTagAction,
  TAGGED_PAGE_SIZE,
  TagListParamsSchema,
  UNASSIGN_PERMISSION,
} from './__tags.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const { api, permissions } = session
  // Started first, awaited last: the widgets' figures load beside the list.
  const widgets = loadPortfolioWidgets(context, session)
  const url = new URL(request.url)
  const params = parseListParams(TagListParamsSchema, url.searchParams)
  const { rows, total } = await listTags(api, {
    searchText: params.searchText,
    pageNumber: params.page,
    pageSize: params.pageSize,
    sortName: params.sortName,
    sortOrder: params.sortOrder,
  })
  redirectPastLastPage(url, rows.length, total, params)
  const can = {
    delete: permissions.includes('TAG_MANAGEMENT'),
    projects: permissions.includes(UNASSIGN_PERMISSION.projects),
    policies: permissions.includes(UNASSIGN_PERMISSION.policies),
    alerts: permissions.includes(UNASSIGN_PERMISSION.alerts),
  }
  // The 4.13 console renders the alerts dialog only for SYSTEM_CONFIGURATION (the API asks for it).
  const kind = params.tagged === 'alerts' && !can.alerts ? undefined : params.tagged
  let tagged
  if (kind && params.tag) {
    const listed = await listTagged(api, params.tag, kind, {
      searchText: params.taggedSearch,
      pageNumber: params.taggedPage,
      pageSize: TAGGED_PAGE_SIZE,
      sortName: params.taggedSortName,
      sortOrder: params.taggedSortOrder,
    }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status < 500) return { rows: [], total: 0 }
      throw error
    })
    tagged = { kind, tag: params.tag, ...listed }
  }
  const t = await getFixedT(request, context)
  return json({
    widgets: await widgets,
    tags: rows,
    total,
    params,
    tagged,
    can,
    taggedPageSize: TAGGED_PAGE_SIZE,
    title: t('meta.title', { page: t('pages.tags') }),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const t = await getFixedT(request, context)
  const back = backToTags(request.url)
  const parsed = parseTagAction(await request.formData())
  if (!parsed.success) throw new Response('Invalid form', { status: 400 })
  const intent = parsed.data
  const needed = intent.intent === 'delete' ? 'TAG_MANAGEMENT' : UNASSIGN_PERMISSION[intent.kind]
  if (!permissions.includes(needed)) {
    return redirectWithToast(context, back, { type: 'error', title: t('errors.forbidden') })
  }
  const selection = intent.intent === 'delete' ? intent.names : intent.uuids
  if (selection.length === 0) {
    return redirectWithToast(context, back, { type: 'warning', title: t('tags.noSelection') })
  }
  try {
    if (intent.intent === 'delete') {
      await deleteTags(api, intent.names)
      return redirectWithToast(context, back, {
        type: 'success',
        title: t('tags.deleted', { number: intent.names.length }),
      })
    }
    await unassignTag(api, intent.tag, intent.kind, intent.uuids)
    return redirectWithToast(context, back, {
      type: 'success',
      title: t('tags.tagged.unassigned'),
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    const refusals = intent.intent === 'delete' ? tagErrors(error.response) : []
    if (refusals.length === 0) {
      return redirectWithToast(context, back, toastForFailedResponse(error.response, t))
    }
    return json(
      { refusals },
      {
        status: error.status,
        headers: await createToastHeaders(context, {
          type: 'warning',
          title: t('tags.deleteFailed'),
          description: t('tags.deleteFailedHint'),
        }),
      },
    )
  }
}

export const meta = titleMeta

export default function TagsRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const { params, can } = data
  const refusals = actionData && 'refusals' in actionData ? actionData.refusals : []

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.tags')}</h1>
        <p className="text-sm text-muted-foreground">{t('tags.intro')}</p>
      </header>

      <ListPageWidgets widgets={data.widgets} />

      <ListToolbar
        label={t('tags.searchForm')}
        idPrefix="tag"
        searchLabel={t('tags.search')}
        searchValue={params.searchText}
        owns={['tagged', 'tag']}
        boxed
      />

      {refusals.length > 0 ? (
        <Alert variant="destructive" role="alert">
          <p className="font-semibold">{t('tags.deleteFailed')}</p>
          <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
            {refusals.map((refusal) => (
              <li key={refusal.tag}>
                <span className="font-medium">{refusal.tag}</span>: {refusal.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <Form method="post" className="flex flex-col gap-3">
        {can.delete ? (
          <div>
            <Button type="submit" name="intent" value="delete" variant="destructive" size="sm">
              <Trash2 aria-hidden />
              {t('tags.deleteSelected')}
            </Button>
          </div>
        ) : null}
        {data.tags.length === 0 ? (
          <EmptyList>{params.searchText ? t('tags.noMatch') : t('tags.empty')}</EmptyList>
        ) : (
          <ListTable
            caption={t('pages.tags')}
            selectAll={can.delete ? { name: 'name', label: t('tags.selectAll') } : undefined}
            columns={[
              { key: 'name', label: t('tags.columns.name'), sort: 'name' },
              { key: 'projects', label: t('tags.columns.projects'), sort: 'projectCount' },
              { key: 'policies', label: t('tags.columns.policies'), sort: 'policyCount' },
              { key: 'alerts', label: t('tags.columns.alerts'), sort: 'notificationRuleCount' },
            ]}
          >
            {data.tags.map((tag) => (
              <tr key={tag.name} className="border-t">
                {can.delete ? (
                  <SelectRowCell
                    name="name"
                    value={tag.name}
                    label={t('tags.selectRow', { name: tag.name })}
                  />
                ) : null}
                <td className="px-3 py-2">
                  <Link
                    to={`/projects?${new URLSearchParams({ tag: tag.name })}`}
                    className="inline-block max-w-full break-words rounded-full bg-secondary px-2 py-0.5 text-secondary-foreground hover:underline"
                    title={t('tags.filterProjects', { tag: tag.name })}
                  >
                    {tag.name}
                  </Link>
                </td>
                <CountCell
                  count={tag.projectCount}
                  to={openTaggedUrl(searchParams, 'projects', tag.name)}
                  label={t('tags.tagged.projects.open', {
                    tag: tag.name,
                    number: tag.projectCount,
                  })}
                />
                <CountCell
                  count={tag.policyCount}
                  to={openTaggedUrl(searchParams, 'policies', tag.name)}
                  label={t('tags.tagged.policies.open', {
                    tag: tag.name,
                    number: tag.policyCount,
                  })}
                />
                <CountCell
                  count={tag.notificationRuleCount}
                  to={can.alerts ? openTaggedUrl(searchParams, 'alerts', tag.name) : undefined}
                  label={t('tags.tagged.alerts.open', {
                    tag: tag.name,
                    number: tag.notificationRuleCount,
                  })}
                />
              </tr>
            ))}
          </ListTable>
        )}
      </Form>

      <Pager
        total={data.total}
        page={params.page}
        pageSize={params.pageSize}
        label={t('tags.pagination')}
        showingKey="tags.showing"
        pageSizeParam="pageSize"
        idPrefix="tags"
      />

      {data.tagged ? (
        <TaggedDialog
          kind={data.tagged.kind}
          tag={data.tagged.tag}
          rows={data.tagged.rows}
          total={data.tagged.total}
          page={params.taggedPage}
          pageSize={data.taggedPageSize}
          search={params.taggedSearch}
          canUnassign={can[data.tagged.kind]}
        />
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
