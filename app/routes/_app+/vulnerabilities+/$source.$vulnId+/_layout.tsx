import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, Link, Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { listAffectedProjects } from '~/api/vulnerabilities.server.ts'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { RouteTabs } from '~/components/route-tabs.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { Button } from '~/components/ui/button.tsx'
import { VulnerabilityEditorDialog } from '~/components/vulnerabilities/editor/vulnerability-editor.tsx'
import { resolveAliases, vulnerabilityPath } from '~/components/vulnerabilities/sources.ts'
import {
  KevPanel,
  VulnerabilityHeader,
} from '~/components/vulnerabilities/vulnerability-header.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { renderMarkdown } from '~/utils/markdown.server.ts'
import { meetsRequirement } from '~/utils/permissions.ts'
import {
  attributionsOf,
  loadVulnerability,
  MANAGE,
  storedEditor,
  vulnerabilityAction,
} from './__vulnerability-page.server.ts'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api, permissions } = await requireUser(request, context, 'VIEW_PORTFOLIO')
  const source = params.source ?? ''
  const vulnerability = await loadVulnerability(api, source, params.vulnId ?? '')
  const search = new URL(request.url).searchParams
  const canEdit = meetsRequirement(permissions, MANAGE) && vulnerability.source === 'INTERNAL'
  const canSeeProjects = meetsRequirement(permissions, 'VIEW_VULNERABILITY')
  const dialog =
    search.has('delete') && canEdit ? 'delete' : search.has('details') ? 'details' : undefined
  const [editor, projects] = await Promise.all([
    dialog === 'details' ? storedEditor(api, vulnerability) : undefined,
    canSeeProjects
      ? listAffectedProjects(api, vulnerability.source, vulnerability.vulnId, false)
      : undefined,
  ])
  const t = await getFixedT(request, context)
  const label = `${vulnerability.vulnId} (${vulnerability.source})`
  return json({
    vulnerability,
    aliases: resolveAliases(vulnerability),
    texts: {
      description: renderMarkdown(vulnerability.description),
      detail: renderMarkdown(vulnerability.detail),
      recommendation: renderMarkdown(vulnerability.recommendation),
      references: renderMarkdown(vulnerability.references),
      credits: renderMarkdown(vulnerability.credits),
    },
    canEdit,
    canSeeProjects,
    // The tab lists active projects unless asked for all; its badge counts the same.
    projectCount: projects?.filter((project) => project.active !== false).length,
    dialog,
    editor,
    attributions: dialog === 'details' ? attributionsOf(vulnerability) : {},
    title: t('meta.title', { page: t('vulnerabilities.header.pageTitle', { label }) }),
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE)
  const t = await getFixedT(request, context)
  return vulnerabilityAction(
    api,
    context,
    t,
    { source: params.source ?? '', vulnId: params.vulnId ?? '' },
    await request.formData(),
  )
}

export const meta = titleMeta

/** The vulnerability's header, its tabs (each a child route) and its dialogs. */
export default function VulnerabilityLayout() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const { vulnerability } = data
  const page = vulnerabilityPath(vulnerability.source, vulnerability.vulnId)
  const editor = actionData && 'editor' in actionData ? actionData.editor : data.editor
  const tabs = [
    { to: page, label: t('vulnerabilities.tabs.overview'), end: true },
    ...(data.canSeeProjects
      ? [
          {
            to: `${page}/affectedProjects`,
            label: t('vulnerabilities.tabs.affectedProjects'),
            badge: data.projectCount,
            end: false,
          },
        ]
      : []),
  ]

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <VulnerabilityHeader
        vulnerability={vulnerability}
        aliases={data.aliases}
        detailsTo={`${page}?details`}
      />
      {vulnerability.kev ? <KevPanel kev={vulnerability.kev} /> : null}

      <RouteTabs label={t('vulnerabilities.tabs.label')} tabs={tabs} />
      <Outlet />

      {data.dialog === 'details' && editor ? (
        <VulnerabilityEditorDialog
          mode={data.canEdit ? 'update' : 'view'}
          title={t('vulnerabilities.details.title')}
          view={editor}
          closeTo={page}
          deleteTo={`${page}?delete`}
          stored={{
            uuid: vulnerability.uuid,
            aliases: data.aliases,
            attributions: data.attributions,
          }}
        />
      ) : null}
      {data.dialog === 'delete' ? (
        <UrlDialog title={t('vulnerabilities.delete.title')} closeTo={`${page}?details`}>
          <Form method="post" className="flex flex-col gap-4">
            <p>{t('vulnerabilities.delete.message', { id: vulnerability.vulnId })}</p>
            <DialogFooter>
              <Button asChild variant="secondary">
                <Link to={`${page}?details`} preventScrollReset replace>
                  {t('common.cancel')}
                </Link>
              </Button>
              <Button type="submit" name="intent" value="delete" variant="destructive">
                <Trash2 aria-hidden />
                {t('vulnerabilities.delete.confirm')}
              </Button>
            </DialogFooter>
          </Form>
        </UrlDialog>
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
