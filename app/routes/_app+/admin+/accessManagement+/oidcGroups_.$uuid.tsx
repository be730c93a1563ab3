import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { listTeams } from '~/api/access.server.ts'
import { teamsOfOidcGroup } from '~/api/oidc-groups.server.ts'
import { PickerDialog } from '~/components/access/picker-dialog.tsx'
import { pickerPage } from '~/components/access/picker.server.ts'
import { BackLink } from '~/components/back-link.tsx'
import { ConfirmDeleteDialog } from '~/components/confirm-delete-dialog.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { RenameCard } from '~/components/name-forms.tsx'
import { MappedTeams } from '~/components/oidc-groups/mapped-teams.tsx'
import { OIDC_GROUPS_PATH, oidcGroupPath } from '~/components/access/paths.ts'
import { titleMeta } from '~/components/placeholder.tsx'
import { Button } from '~/components/ui/button.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { loadOidcGroup, oidcGroupAction } from './__oidc-group-actions.server.ts'
import { OidcGroupFormSchema, OidcGroupPageParamsSchema } from './__oidc-groups.server.ts'

const MANAGE = 'ACCESS_MANAGEMENT'

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE)
  const group = await loadOidcGroup(api, params.uuid ?? '')
  const url = new URL(request.url)
  const page = OidcGroupPageParamsSchema.parse(Object.fromEntries(url.searchParams))
  const [teams, allTeams] = await Promise.all([
    teamsOfOidcGroup(api, group.uuid),
    page.pick ? listTeams(api) : undefined,
  ])
  const mapped = new Set(teams.map((team) => team.uuid))
  const t = await getFixedT(request, context)
  return json({
    group,
    teams,
    // Mapped teams are not offered again.
    picker:
      allTeams &&
      pickerPage(
        allTeams.filter((team) => !mapped.has(team.uuid)),
        page,
        { value: (team) => team.uuid, label: (team) => team.name, taken: () => false },
      ),
    deleting: page.delete !== undefined,
    constraint: getZodConstraint(OidcGroupFormSchema),
    title: t('meta.title', { page: t('oidcGroups.group.title', { name: group.name }) }),
  })
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const { api } = await requireUser(request, context, MANAGE)
  const t = await getFixedT(request, context)
  return oidcGroupAction(api, context, t, {
    uuid: params.uuid ?? '',
    formData: await request.formData(),
  })
}

export const meta = titleMeta

/** One OpenID Connect group: rename it, map it to teams or unmap them, delete it. */
export default function OidcGroupRoute() {
  const { group, teams, picker, deleting, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const page = oidcGroupPath(group.uuid)

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <BackLink to={OIDC_GROUPS_PATH}>{t('oidcGroups.group.back')}</BackLink>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex min-w-0 flex-col gap-1">
          <p className="text-sm text-muted-foreground">{t('oidcGroups.title')}</p>
          <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">
            {group.name}
          </h1>
          <p className="text-sm text-muted-foreground">
            {t('oidcGroups.group.summary', { number: teams.length })}
          </p>
        </div>
        <Button asChild variant="destructive">
          <Link to={`${page}?delete`} preventScrollReset>
            <Trash2 aria-hidden />
            {t('oidcGroups.delete.open')}
          </Link>
        </Button>
      </header>

      <RenameCard
        id="rename-oidc-group"
        headingLevel={2}
        title={t('oidcGroups.group.nameTitle')}
        label={t('oidcGroups.fields.name')}
        submitLabel={t('oidcGroups.group.rename')}
        name={group.name}
        constraint={constraint}
        lastResult={actionData && 'result' in actionData ? actionData.result : undefined}
      />
      <MappedTeams groupName={group.name} teams={teams} addTo={`${page}?pick=teams`} />

      {picker ? (
        <PickerDialog
          title={t('oidcGroups.picker.title', { name: group.name })}
          closeTo={page}
          intent="add"
          picker={picker}
          searchLabel={t('accessKit.teams.search')}
          columns={[t('oidcGroups.columns.team')]}
          emptyText={t('accessKit.teams.noMatch')}
          notice={picker.total === 0 && !picker.search ? t('oidcGroups.picker.none') : undefined}
        />
      ) : null}
      {deleting ? (
        <ConfirmDeleteDialog
          title={t('oidcGroups.delete.title')}
          message={t('oidcGroups.delete.message', { name: group.name })}
          consequence={t('oidcGroups.delete.mappings')}
          confirmLabel={t('oidcGroups.delete.confirm')}
          closeTo={page}
          action={page}
        />
      ) : null}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
