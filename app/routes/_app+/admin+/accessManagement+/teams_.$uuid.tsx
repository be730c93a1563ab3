import { getZodConstraint } from '@conform-to/zod/v4'
import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { PermissionEditor } from '~/components/access/editors.tsx'
import { dateInputValue } from '~/components/access/key-expiry.ts'
import { KeyShownOnceDialog } from '~/components/access/key-shown-once-dialog.tsx'
import { PageHeader } from '~/components/access/page-header.tsx'
import { teamPath, TEAMS } from '~/components/access/paths.ts'
import { TeamDialogs, TeamPickers } from '~/components/access/team-overlays.tsx'
import { ApiKeysSection } from '~/components/access/team-keys.tsx'
import { TeamNameForm } from '~/components/access/team-name-form.tsx'
import { MappedGroups, TeamMembers } from '~/components/access/team-principals.tsx'
import { BackLink } from '~/components/back-link.tsx'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { Button } from '~/components/ui/button.tsx'
import { teamAction } from './__team-actions.server.ts'
import { loadTeamEditor } from './__team-editor.server.ts'
import { TeamNameSchema } from './__team-forms.server.ts'

export async function loader(args: LoaderFunctionArgs) {
  return json({
    ...(await loadTeamEditor(args)),
    today: dateInputValue(Date.now()),
    nameConstraint: getZodConstraint(TeamNameSchema),
  })
}

export const action = teamAction
export const meta = titleMeta

/**
 * One team's row editor (§19.7): name, API keys, permissions, mapped LDAP and OpenID Connect
 * groups, members, Delete Team. A created or regenerated key is shown once, from the action's
 * answer.
 */
export default function TeamRoute() {
  const data = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { t } = useTranslation()
  const { team } = data
  const page = teamPath(team.uuid)
  const shown = actionData && 'shownKey' in actionData ? actionData.shownKey : undefined
  const refused = (form: string) =>
    actionData && 'form' in actionData && actionData.form === form ? actionData.result : undefined
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <BackLink to={TEAMS}>{t('admin.pages.teams')}</BackLink>
      <PageHeader
        title={team.name}
        intro={t('teamAdmin.editorIntro')}
        actions={
          <Button asChild variant="destructive">
            <Link to={`${page}?delete`} preventScrollReset>
              <Trash2 aria-hidden />
              {t('teamAdmin.delete.open')}
            </Link>
          </Button>
        }
      />
      <TeamNameForm
        uuid={team.uuid}
        name={team.name}
        constraint={data.nameConstraint}
        lastResult={refused('rename')}
      />
      <ApiKeysSection keys={team.apiKeys} page={page} />
      <PermissionEditor
        subject={team.name}
        permissions={team.permissions}
        addTo={`${page}?pick=permissions`}
      />
      <MappedGroups team={team} page={page} />
      <TeamMembers team={team} />
      <TeamPickers team={team} pick={data.pick} picker={data.picker} notice={data.notice} />
      {shown?.key ? (
        <KeyShownOnceDialog
          apiKey={{ key: shown.key, maskedKey: shown.maskedKey }}
          regenerated={Boolean(actionData && 'regenerated' in actionData && actionData.regenerated)}
          closeTo={page}
        />
      ) : (
        <TeamDialogs team={team} dialog={data.dialog} today={data.today} refused={refused} />
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
