import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import {
  createVulnerability,
  generateVulnId,
  listVulnerabilities,
} from '~/api/vulnerabilities.server.ts'
import { ListPageWidgets } from '~/components/dashboard/portfolio-widgets.tsx'
import { loadPortfolioWidgets } from '~/components/dashboard/widgets.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { listHref } from '~/components/list-kit/url-state.ts'
import { titleMeta } from '~/components/placeholder.tsx'
import { Button } from '~/components/ui/button.tsx'
import { emptyDraft } from '~/components/vulnerabilities/draft.ts'
import { VulnerabilityEditorDialog } from '~/components/vulnerabilities/editor/vulnerability-editor.tsx'
import { VulnerabilityListFilters } from '~/components/vulnerabilities/list-filters.tsx'
import { vulnerabilityPath } from '~/components/vulnerabilities/sources.ts'
import { VulnerabilityTable } from '~/components/vulnerabilities/vulnerability-table.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { meetsRequirement } from '~/utils/permissions.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import {
  applyDraftIntent,
  editorState,
  isDraftIntent,
  refusedEditor,
  validatedInput,
} from './__vulnerability-form.server.ts'
import { parseVulnerabilityListParams } from './__vulnerability-list.server.ts'

const MANAGE = 'VULNERABILITY_MANAGEMENT'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const session = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const { api, permissions } = session
  // Started first, awaited last: the widgets' figures load beside the list.
  const widgets = loadPortfolioWidgets(context, session)
  const url = new URL(request.url)
  const params = parseVulnerabilityListParams(url.searchParams)
  const canCreate = meetsRequirement(permissions, MANAGE)
  const [{ vulnerabilities, total }, editor] = await Promise.all([
    listVulnerabilities(api, {
      searchText: params.searchText,
      pageNumber: params.page,
      pageSize: params.pageSize,
      sortName: params.sortName,
      sortOrder: params.sortOrder,
      collapseAliases: params.perFlaw,
      severities: params.severity,
      sources: params.source,
      kev: params.kev,
    }),
    canCreate && url.searchParams.has('create')
      ? generateVulnId(api).then((vulnId) => editorState(api, emptyDraft(vulnId)))
      : undefined,
  ])
  const t = await getFixedT(request, context)
  return json({
    widgets: await widgets,
    vulnerabilities,
    total,
    params,
    canCreate,
    editor,
    title: t('meta.title', { page: t('pages.vulnerabilities') }),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE)
  const formData = await request.formData()
  const intent = String(formData.get('intent') ?? '')
  if (isDraftIntent(intent)) {
    return json({ editor: await applyDraftIntent(api, formData, intent) })
  }
  if (intent !== 'create') throw new Response('Invalid intent', { status: 400 })
  const validated = await validatedInput(api, formData)
  if ('editor' in validated) return json({ editor: validated.editor }, { status: 400 })
  const t = await getFixedT(request, context)
  try {
    const created = await createVulnerability(api, validated.input)
    return redirectWithToast(context, vulnerabilityPath('INTERNAL', created.vulnId), {
      type: 'success',
      title: t('vulnerabilities.create.created'),
    })
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error
    return refusedEditor(api, context, t, formData, error)
  }
}

export const meta = titleMeta

export default function VulnerabilitiesRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const { params, total } = data
  const editor = actionData && 'editor' in actionData ? actionData.editor : data.editor
  const filtered = Boolean(
    params.searchText || params.severity.length || params.source.length || params.kev,
  )

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.vulnerabilities')}</h1>
          <p className="text-sm text-muted-foreground">{t('vulnerabilities.list.intro')}</p>
        </div>
        {data.canCreate ? (
          <Button asChild>
            <Link to={`${listHref(searchParams, {})}&create`} preventScrollReset>
              <Plus aria-hidden />
              {t('vulnerabilities.create.open')}
            </Link>
          </Button>
        ) : null}
      </header>

      <ListPageWidgets widgets={data.widgets} />

      <ListToolbar
        idPrefix="vulnerability"
        searchLabel={t('vulnerabilities.list.search')}
        searchValue={params.searchText}
        owns={['severity', 'source', 'kev', 'perFlaw']}
        boxed
      >
        <VulnerabilityListFilters
          severities={params.severity}
          sources={params.source}
          kev={params.kev}
          perFlaw={params.perFlaw}
        />
      </ListToolbar>

      {data.vulnerabilities.length === 0 ? (
        <EmptyList>
          <p className="font-medium">
            {filtered ? t('vulnerabilities.list.noMatch') : t('vulnerabilities.list.empty')}
          </p>
          {filtered ? null : (
            <p className="max-w-prose text-sm">{t('vulnerabilities.list.emptyHint')}</p>
          )}
        </EmptyList>
      ) : (
        <VulnerabilityTable rows={data.vulnerabilities} />
      )}

      <Pager
        total={total}
        page={params.page}
        pageSize={params.pageSize}
        label={t('vulnerabilities.list.pagination')}
        showingKey="vulnerabilities.list.showing"
        pageSizeParam="pageSize"
        idPrefix="vulnerabilities"
      />

      {editor ? (
        <VulnerabilityEditorDialog
          mode="create"
          title={t('vulnerabilities.create.title')}
          view={editor}
          closeTo={listHref(searchParams, {})}
        />
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
