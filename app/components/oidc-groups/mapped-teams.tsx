import { Form, Link } from '@remix-run/react'
import { Plus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { Team } from '~/api/access.server.ts'
import { memberCount } from '~/components/access/members.ts'
import { cellClass, EmptyList, ListTable } from '~/components/list-kit/list-table.tsx'
import { Button } from '~/components/ui/button.tsx'

/** The teams a group is mapped to, each with its Remove button, and the way to add more. */
export function MappedTeams({
  groupName,
  teams,
  addTo,
}: {
  groupName: string
  teams: Team[]
  addTo: string
}) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="mapped-teams-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h2 id="mapped-teams-title" className="text-lg font-semibold">
            {t('oidcGroups.group.teamsTitle')}
          </h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            {t('oidcGroups.group.teamsIntro')}
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to={addTo} preventScrollReset>
            <Plus aria-hidden />
            {t('oidcGroups.picker.open')}
          </Link>
        </Button>
      </div>
      {teams.length === 0 ? (
        <EmptyList>{t('oidcGroups.group.noTeams')}</EmptyList>
      ) : (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="remove" />
          <ListTable
            caption={t('oidcGroups.group.teamsCaption', { name: groupName })}
            columns={[
              { key: 'name', label: t('oidcGroups.columns.team') },
              { key: 'members', label: t('oidcGroups.columns.members'), className: 'text-right' },
              { key: 'remove', label: t('oidcGroups.group.actions'), className: 'text-right' },
            ]}
          >
            {teams.map((team) => (
              <tr key={team.uuid} className="border-t">
                <td className={`${cellClass} [overflow-wrap:anywhere]`}>{team.name}</td>
                <td className={`${cellClass} text-right tabular-nums`}>{memberCount(team)}</td>
                <td className={`${cellClass} text-right`}>
                  <Button
                    type="submit"
                    name="remove"
                    value={team.uuid}
                    variant="ghost"
                    size="sm"
                    aria-label={t('oidcGroups.group.remove', { name: team.name })}
                  >
                    <X aria-hidden />
                    <span aria-hidden>{t('oidcGroups.group.removeShort')}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </ListTable>
        </Form>
      )}
    </section>
  )
}
