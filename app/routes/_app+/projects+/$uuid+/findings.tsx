import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData, useLocation, useParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ApiError } from '~/api/client.server.ts'
import { listProjectFindings, reanalyzeProject, uploadVex } from '~/api/findings.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { ColumnPicker, parseVisibleColumns } from '~/components/findings/column-picker.tsx'
import { FindingPanel } from '~/components/findings/finding-panel.tsx'
import { BulkAuditForm } from '~/components/findings/bulk-audit-form.tsx'
import { FindingsActions } from '~/components/findings/findings-actions.tsx'
import {
  DEFAULT_COLUMNS,
  FindingsTable,
  OPTIONAL_COLUMNS,
  OPTIONAL_LABELS,
} from '~/components/findings/findings-table.tsx'
import { EmptyList } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { FilterSwitch, ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { parseListParams } from '~/components/list-kit/url-state.ts'
import { toastForFailedResponse } from '~/utils/api-errors.ts'
import { readUploadedFile } from '~/utils/uploaded-file.server.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { meetsRequirement } from '~/utils/permissions.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import {
  FindingListParamsSchema,
  findingsTabUrl,
  loadFindingPanel,
  saveAudit,
} from './__findings-tab.server.ts'

const VIEW = 'VIEW_VULNERABILITY'
const ANALYSE = 'VULNERABILITY_ANALYSIS'
const BULK_FORM = 'bulk-audit'
const MAX_VEX_BYTES = 50 * 1024 * 1024

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, VIEW)
  const url = new URL(request.url)
  const query = parseListParams(FindingListParamsSchema, url.searchParams)
  const uuid = params.uuid ?? ''
  const { findings, total } = await listProjectFindings(api, uuid, {
    suppressed: query.suppressed,
    searchText: query.searchText,
    pageNumber: query.page,
    pageSize: query.pageSize,
    sortName: query.sortName,
    sortOrder: query.sortOrder,
  })
  const open = query.expanded
    ? findings.find((finding) => finding.matrix.toLowerCase() === query.expanded)
    : undefined
  return json({
    findings,
    total,
    query,
    panel: open ? await loadFindingPanel(api, open) : undefined,
    visible: parseVisibleColumns(url.searchParams, OPTIONAL_COLUMNS, DEFAULT_COLUMNS),
    canAnalyse: meetsRequirement(permissions, ANALYSE),
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const uuid = params.uuid ?? ''
  const here = findingsTabUrl(uuid, new URL(request.url).searchParams)
  const t = await getFixedT(request, context)
  const type = request.headers.get('Content-Type') ?? ''
  try {
    if (type.startsWith('multipart/form-data')) {
      const { api } = await requireUser(request, context, ANALYSE)
      const upload = await readUploadedFile(request, 'vex', MAX_VEX_BYTES)
      if ('problem' in upload) {
        return redirectWithToast(context, here, {
          type: upload.problem === 'tooLarge' ? 'error' : 'warning',
          title: t(`findings.vex.${upload.problem}`),
        })
      }
      await uploadVex(api, uuid, upload.file)
      return redirectWithToast(context, here, {
        type: 'success',
        title: t('findings.vex.uploaded'),
      })
    }
    const formData = await request.formData()
    switch (formData.get('intent')) {
      case 'reanalyze': {
        const { api } = await requireUser(request, context, VIEW)
        await reanalyzeProject(api, uuid)
        return redirectWithToast(context, here, {
          type: 'success',
          title: t('findings.actions.reanalyzed'),
        })
      }
      case 'audit': {
        const { api } = await requireUser(request, context, ANALYSE)
        const result = await saveAudit(api, formData)
        if (!result.ok) throw new Response('Invalid audit decision', { status: 400 })
        return redirectWithToast(context, here, {
          type: 'success',
          title: t('findings.audit.saved'),
        })
      }
      default:
        throw new Response('Invalid intent', { status: 400 })
    }
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return redirectWithToast(context, here, toastForFailedResponse(error.response, t))
  }
}

export default function ProjectFindingsTab() {
  const data = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  const projectUuid = useParams().uuid ?? ''
  const location = useLocation()
  const here = `${location.pathname}${location.search}`
  const { query, total, findings, panel } = data
  const caption = t('findings.title', { count: total })
  const open = panel ? findings.find((finding) => finding.matrix === panel.matrix) : undefined
  const optional = OPTIONAL_COLUMNS.map((key) => ({ key, label: t(OPTIONAL_LABELS[key]) }))

  return (
    <section aria-labelledby="findings-heading" className="flex min-w-0 flex-col gap-4">
      <h2 id="findings-heading" className="text-lg font-semibold">
        {caption}
      </h2>
      <FindingsActions projectUuid={projectUuid} canAnalyse={data.canAnalyse} />
      <ListToolbar
        idPrefix="findings"
        searchLabel={t('findings.search')}
        searchValue={query.searchText}
        owns={['suppressed', 'expanded']}
      >
        <FilterSwitch
          name="suppressed"
          label={t('findings.showSuppressed')}
          checked={query.suppressed}
        />
      </ListToolbar>
      <div className="flex flex-wrap items-start justify-between gap-3">
        {data.canAnalyse && findings.length > 0 ? (
          <BulkAuditForm id={BULK_FORM} redirectTo={here} />
        ) : (
          <span />
        )}
        <ColumnPicker columns={optional} visible={data.visible} />
      </div>
      {findings.length === 0 ? (
        <EmptyList>{query.searchText ? t('findings.noMatch') : t('findings.empty')}</EmptyList>
      ) : (
        <FindingsTable
          projectUuid={projectUuid}
          findings={findings}
          caption={caption}
          visible={data.visible}
          expanded={query.expanded}
          selectForm={data.canAnalyse ? BULK_FORM : undefined}
          panel={
            open && panel ? (
              <FindingPanel finding={open} panel={panel} canAudit={data.canAnalyse} />
            ) : undefined
          }
        />
      )}
      <Pager
        total={total}
        page={query.page}
        pageSize={query.pageSize}
        label={t('findings.pagination')}
        showingKey="findings.showing"
        pageSizeParam="pageSize"
        idPrefix="findings"
      />
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
