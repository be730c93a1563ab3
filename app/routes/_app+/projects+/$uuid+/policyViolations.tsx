import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { countProjectViolations, listProjectViolations } from '~/api/violations.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { FilterSwitch, ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import { ViolationStateCounts } from '~/components/violations/state-counts.tsx'
import { ViolationPanel } from '~/components/violations/violation-panel.tsx'
import { ViolationsTable } from '~/components/violations/violations-table.tsx'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { meetsRequirement } from '~/utils/permissions.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import {
  loadViolationPanel,
  saveViolationDecision,
  ViolationListParamsSchema,
  violationsTabUrl,
} from './__policy-violations-tab.server.ts'

const VIEW = 'VIEW_POLICY_VIOLATION'
const ANALYSE = 'POLICY_VIOLATION_ANALYSIS'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, VIEW)
  const query = parseListParams(ViolationListParamsSchema, new URL(request.url).searchParams)
  const uuid = params.uuid ?? ''
  const [{ violations, total }, counts] = await Promise.all([
    listProjectViolations(api, uuid, {
      suppressed: query.suppressed,
      violationState: query.violationState,
      searchText: query.searchText,
      pageNumber: query.page,
      pageSize: query.pageSize,
      sortName: query.sortName,
      sortOrder: query.sortOrder,
    }),
    countProjectViolations(api, uuid),
  ])
  const open = query.expanded
    ? violations.find((violation) => violation.uuid.toLowerCase() === query.expanded)
    : undefined
  return json({
    violations,
    total,
    counts,
    query,
    panel: open ? await loadViolationPanel(api, open) : undefined,
    canAudit: meetsRequirement(permissions, ANALYSE),
    canManagePolicies: meetsRequirement(permissions, 'POLICY_MANAGEMENT'),
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const here = violationsTabUrl(params.uuid ?? '', new URL(request.url).searchParams)
  const { api } = await requireUser(request, context, ANALYSE)
  const t = await getFixedT(request, context)
  const formData = await request.formData()
  if (formData.get('intent') !== 'audit') throw new Response('Invalid intent', { status: 400 })
  try {
    const result = await saveViolationDecision(api, formData)
    if (!result.ok) throw new Response('Invalid violation decision', { status: 400 })
    return redirectWithToast(context, here, {
      type: 'success',
      title: t('findings.audit.saved'),
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(context, here, toastForFailedResponse(error.response, t))
  }
}

/** The project's Policy Violations tab (§7.10). */
export default function ProjectPolicyViolationsTab() {
  const data = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const projectUuid = useParams().uuid ?? ''
  const { query, total, violations, panel } = data
  const caption = t('violations.title', { count: total })
  const open = panel ? violations.find((violation) => violation.uuid === panel.uuid) : undefined

  return (
    <section aria-labelledby="violations-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="violations-heading" className="text-lg font-semibold">
        {caption}
      </h2>
      <ViolationStateCounts counts={data.counts} current={query.violationState} />
      <ListToolbar
        idPrefix="violations"
        searchLabel={t('violations.search')}
        searchValue={query.searchText}
        owns={['suppressed', 'expanded']}
      >
        <FilterSwitch
          name="suppressed"
          label={t('violations.showSuppressed')}
          checked={query.suppressed}
        />
      </ListToolbar>
      {violations.length === 0 ? (
        <EmptyList>
          {query.searchText || query.violationState
            ? t('violations.noMatch')
            : t('violations.empty')}
        </EmptyList>
      ) : (
        <ViolationsTable
          projectUuid={projectUuid}
          violations={violations}
          caption={caption}
          expanded={query.expanded}
          panel={
            open && panel ? (
              <ViolationPanel
                violation={open}
                panel={panel}
                canAudit={data.canAudit}
                canManagePolicies={data.canManagePolicies}
              />
            ) : undefined
          }
        />
      )}
      <Pager
        total={total}
        page={query.page}
        pageSize={query.pageSize}
        label={t('violations.pagination')}
        showingKey="violations.showing"
        pageSizeParam="pageSize"
        idPrefix="violations"
      />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
