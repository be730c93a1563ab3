import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import {
  Form,
  Link,
  useActionData,
  useLoaderData,
  useLocation,
  useSearchParams,
} from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { redirectPastLastPage } from '~/components/list-kit/last-page.server.ts'
import { listPolicies, type PolicyRow, type ProjectChoice } from '~/api/policies.server.ts'
import { listTags } from '~/api/tags.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { listHref, parseListParams } from '~/components/list-kit/url-state.ts'
import { BulkDeleteConfirm } from '~/components/policies/bulk-delete-confirm.tsx'
import { BulkChanges } from '~/components/policies/bulk-form.tsx'
import { BulkProblems } from '~/components/policies/bulk-problems.tsx'
import { EMPTY_DRAFT, type BulkState } from '~/components/policies/bulk-schema.ts'
import { CreatePolicyDialog } from '~/components/policies/create-policy-dialog.tsx'
import { PolicyTable, projectLabel } from '~/components/policies/policy-table.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import {
  backToPolicies,
  bulkAction,
  createPolicyAction,
  CreatePolicyFormSchema,
  PolicyListParamsSchema,
} from './__policies.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'POLICY_MANAGEMENT')
  const url = new URL(request.url)
  const params = parseListParams(PolicyListParamsSchema, url.searchParams)
  const { rows, total } = await listPolicies(api, {
    searchText: params.searchText,
    pageNumber: params.page,
    pageSize: params.pageSize,
    sortName: params.sortName,
    sortOrder: params.sortOrder,
  })
  redirectPastLastPage(url, rows.length, total, params)
  // 4.13 shows Limit To only to readers of the portfolio: finding projects and tags needs it.
  const canLimit = permissions.includes('VIEW_PORTFOLIO')
  const tagSuggestions = canLimit
    ? (await listTags(api, { pageNumber: 1, pageSize: 100, sortName: 'name' })).rows.map(
        (tag) => tag.name,
      )
    : []
  const t = await getFixedT(request, context)
  return json({
    policies: rows,
    total,
    params,
    canLimit,
    tagSuggestions,
    createOpen: url.searchParams.has('create'),
    constraint: getZodConstraint(CreatePolicyFormSchema),
    title: t('meta.title', { page: t('policy.tabs.policies') }),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'POLICY_MANAGEMENT')
  const t = await getFixedT(request, context)
  const form = await request.formData()
  const args = { api, context, t, form, back: backToPolicies(request.url) }
  if (form.get('intent') === 'create') return createPolicyAction(args)
  return bulkAction({ ...args, canSearch: permissions.includes('VIEW_PORTFOLIO') })
}

export const meta = titleMeta

/** The projects and tags the listed policies are limited to: what the bulk form can remove. */
function pageLimits(policies: PolicyRow[]) {
  const projects = new Map<string, ProjectChoice>()
  const tags = new Set<string>()
  for (const policy of policies) {
    for (const project of policy.projects) projects.set(project.uuid, project)
    for (const tag of policy.tags) tags.add(tag.name)
  }
  const byLabel = (a: ProjectChoice, b: ProjectChoice) =>
    projectLabel(a).localeCompare(projectLabel(b))
  return { projects: [...projects.values()].sort(byLabel), tags: [...tags].sort() }
}

export default function PoliciesRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const location = useLocation()
  const [searchParams] = useSearchParams()
  const { params, policies } = data
  const bulk: BulkState | undefined =
    actionData && 'bulk' in actionData ? actionData.bulk : undefined
  const draft = bulk?.draft ?? EMPTY_DRAFT
  const invalid = new Set(bulk?.problems.map((problem) => problem.field))
  const limits = pageLimits(policies)
  const closeTo = listHref(searchParams, {})

  return (
    <section aria-label={t('policy.tabs.policies')} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">{t('policies.intro')}</p>
        <Button asChild>
          <Link to={`${closeTo}&create`} preventScrollReset>
            <Plus aria-hidden />
            {t('policies.create.open')}
          </Link>
        </Button>
      </div>

      <ListToolbar
        idPrefix="policy"
        searchLabel={t('policies.search')}
        searchValue={params.searchText}
        boxed
      />

      {policies.length === 0 ? (
        <EmptyList>{params.searchText ? t('policies.noMatch') : t('policies.empty')}</EmptyList>
      ) : (
        <Form key={location.key} method="post" preventScrollReset className="flex flex-col gap-4">
          <BulkProblems
            problems={bulk?.problems ?? []}
            refusals={bulk?.refusals ?? []}
            known={{
              policies,
              projects: [
                ...limits.projects,
                ...(bulk?.found?.projects ?? []),
                ...(bulk?.chosen ?? []),
              ],
              tags: [draft.addTag.trim().toLowerCase(), ...draft.removeTags].filter(Boolean),
            }}
          />
          <BulkChanges
            state={bulk}
            draft={draft}
            invalid={invalid}
            canLimit={data.canLimit}
            pageProjects={limits.projects}
            pageTags={limits.tags}
            tagSuggestions={data.tagSuggestions}
          />
          <div id="bulk-policies">
            <PolicyTable policies={policies} selected={draft.policies} />
          </div>
        </Form>
      )}

      <Pager
        total={data.total}
        page={params.page}
        pageSize={params.pageSize}
        label={t('policies.pagination')}
        showingKey="policies.showing"
        pageSizeParam="pageSize"
        idPrefix="policies"
      />

      {bulk?.confirmDelete ? (
        <BulkDeleteConfirm
          closeTo={closeTo}
          policies={draft.policies.map((uuid) => ({
            uuid,
            name: policies.find((policy) => policy.uuid === uuid)?.name ?? uuid,
          }))}
        />
      ) : null}
      {data.createOpen ? (
        <CreatePolicyDialog
          closeTo={closeTo}
          constraint={data.constraint}
          lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
        />
      ) : null}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
