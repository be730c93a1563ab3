import { Form, Link, useSearchParams } from '@remix-run/react'
import { ChevronRight, Plus, Trash2 } from 'lucide-react'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import { cellClass, ListTable } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { listHref } from '~/components/list-kit/url-state.ts'
import { Button } from '~/components/ui/button.tsx'
import { cn } from '~/utils/misc.ts'

export interface AccessTeam {
  uuid: string
  name: string
  members: number
}

export interface TeamProjectsView {
  uuid: string
  name: string
  total: number
  projects: Array<{ uuid: string; name: string; version?: string; active?: boolean }>
}

const CLOSED_PICKER = {
  picker: undefined,
  pickSearch: undefined,
  pickInactive: undefined,
  pickPage: undefined,
}

/**
 * The teams, each row opening (through the URL, so without JavaScript too) into the projects
 * the team may see.
 */
export function TeamAccessTable({
  teams,
  open,
  projectPage,
  pageSize,
  canPick,
}: {
  teams: AccessTeam[]
  open: TeamProjectsView | undefined
  projectPage: number
  pageSize: number
  canPick: boolean
}) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const columns = [
    { key: 'name', label: t('accessControl.portfolio.teamName') },
    { key: 'members', label: t('accessControl.portfolio.members'), className: 'w-32' },
  ]
  return (
    <ListTable caption={t('accessControl.portfolio.teamsCaption')} columns={columns}>
      {teams.map((team) => {
        const expanded = open?.uuid === team.uuid
        const panelId = `team-${team.uuid}-projects`
        const href = listHref(searchParams, {
          team: expanded ? undefined : team.uuid,
          projectPage: undefined,
          ...CLOSED_PICKER,
        })
        return (
          <Fragment key={team.uuid}>
            <tr className={cn('border-t', expanded && 'bg-muted/40')}>
              <td className={cellClass}>
                <Link
                  to={href}
                  preventScrollReset
                  replace
                  aria-expanded={expanded}
                  aria-controls={expanded ? panelId : undefined}
                  className="inline-flex items-center gap-2 rounded font-medium hover:underline"
                >
                  <ChevronRight
                    aria-hidden
                    className={cn('size-4 shrink-0 transition-transform', expanded && 'rotate-90')}
                  />
                  {team.name}
                </Link>
              </td>
              <td className={cn(cellClass, 'tabular-nums')}>{team.members}</td>
            </tr>
            {expanded && open ? (
              <tr>
                <td id={panelId} colSpan={columns.length} className="border-t bg-muted/20 p-3">
                  <TeamProjects
                    team={open}
                    page={projectPage}
                    pageSize={pageSize}
                    canPick={canPick}
                  />
                </td>
              </tr>
            ) : null}
          </Fragment>
        )
      })}
    </ListTable>
  )
}

function TeamProjects({
  team,
  page,
  pageSize,
  canPick,
}: {
  team: TeamProjectsView
  page: number
  pageSize: number
  canPick: boolean
}) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const headingId = `team-${team.uuid}-projects-heading`
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="font-semibold">
          {t('accessControl.portfolio.projectsOf', { name: team.name })}
        </h3>
        {canPick ? (
          <Button asChild size="sm">
            <Link to={listHref(searchParams, { ...CLOSED_PICKER, picker: '1' })} preventScrollReset>
              <Plus aria-hidden />
              {t('accessControl.portfolio.addProjects')}
            </Link>
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">
            {t('accessControl.portfolio.needsPortfolio')}
          </p>
        )}
      </div>
      {team.projects.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('accessControl.portfolio.noProjects')}
        </p>
      ) : (
        <ul
          aria-label={t('accessControl.portfolio.projectsOf', { name: team.name })}
          className="flex flex-col divide-y rounded-md border bg-card"
        >
          {team.projects.map((project) => {
            const label = [project.name, project.version].filter(Boolean).join(' ')
            return (
              <li
                key={project.uuid}
                className="flex items-center justify-between gap-3 px-3 py-1.5"
              >
                <span className="flex min-w-0 flex-wrap items-center gap-2">
                  <Link
                    to={`/projects/${project.uuid}`}
                    className="break-words text-primary hover:underline"
                  >
                    {label}
                  </Link>
                  {project.active === false ? (
                    <span className="rounded border px-1.5 text-xs text-muted-foreground">
                      {t('accessControl.portfolio.inactive')}
                    </span>
                  ) : null}
                </span>
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="team" value={team.uuid} />
                  <input type="hidden" name="project" value={project.uuid} />
                  <Button
                    type="submit"
                    size="sm"
                    variant="ghost"
                    aria-label={t('accessControl.portfolio.removeNamed', { name: label })}
                  >
                    <Trash2 aria-hidden />
                    <span className="hidden sm:inline">{t('accessControl.portfolio.remove')}</span>
                  </Button>
                </Form>
              </li>
            )
          })}
        </ul>
      )}
      <Pager
        total={team.total}
        page={page}
        pageSize={pageSize}
        label={t('accessControl.portfolio.projectPages', { name: team.name })}
        showingKey="accessControl.portfolio.showingProjects"
        pageParam="projectPage"
        idPrefix="team-projects"
      />
    </section>
  )
}
