import { Form, Link, useSearchParams } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import {
  cellClass,
  EmptyList,
  ListTable,
  SelectRowCell,
} from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { FilterSwitch, ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { listHref } from '~/components/list-kit/url-state.ts'
import { Button } from '~/components/ui/button.tsx'
import { useIsPending } from '~/utils/misc.ts'

const FORM_ID = 'pick-projects'

/**
 * 4.13's admin Select Project modal: the projects the team is not given yet, searched and paged
 * by the server (`?notAssignedToTeamWithUuid=`), ticked and added together.
 */
export function ProjectPickerDialog({
  team,
  results,
  search,
  showInactive,
  page,
  pageSize,
}: {
  team: { uuid: string; name: string }
  results: {
    total: number
    projects: Array<{ uuid: string; name: string; version?: string; active?: boolean }>
  }
  search: string | undefined
  showInactive: boolean
  page: number
  pageSize: number
}) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const adding = useIsPending()
  const closeTo = listHref(searchParams, {
    picker: undefined,
    pickSearch: undefined,
    pickInactive: undefined,
    pickPage: undefined,
  })
  const columns = [
    { key: 'name', label: t('projects.columns.name') },
    { key: 'version', label: t('projects.columns.version') },
  ]
  return (
    <UrlDialog
      title={t('accessControl.portfolio.pickerTitle', { name: team.name })}
      closeTo={closeTo}
      size="large"
    >
      <div className="flex flex-col gap-4">
        <ListToolbar
          label={t('accessControl.portfolio.pickerSearchForm')}
          idPrefix="pick"
          searchLabel={t('accessControl.portfolio.pickerSearch')}
          searchValue={search}
          searchParam="pickSearch"
          pageParam="pickPage"
          owns={['pickInactive']}
        >
          <FilterSwitch
            name="pickInactive"
            label={t('accessControl.portfolio.showInactive')}
            checked={showInactive}
          />
        </ListToolbar>
        <Form method="post" id={FORM_ID} preventScrollReset>
          <input type="hidden" name="intent" value="add" />
          <input type="hidden" name="team" value={team.uuid} />
          {results.projects.length === 0 ? (
            <EmptyList>
              {search
                ? t('accessControl.portfolio.pickerNoMatch')
                : t('accessControl.portfolio.pickerEmpty')}
            </EmptyList>
          ) : (
            <ListTable
              caption={t('accessControl.portfolio.pickerCaption', { name: team.name })}
              columns={columns}
              selectAll={{ name: 'project', label: t('accessControl.portfolio.selectAll') }}
            >
              {results.projects.map((project) => (
                <tr key={project.uuid} className="border-t">
                  <SelectRowCell
                    name="project"
                    value={project.uuid}
                    label={t('accessControl.portfolio.select', {
                      name: [project.name, project.version].filter(Boolean).join(' '),
                    })}
                  />
                  <td className={cellClass}>
                    <span className="break-words">{project.name}</span>
                    {project.active === false ? (
                      <span className="ml-2 rounded border px-1.5 text-xs text-muted-foreground">
                        {t('accessControl.portfolio.inactive')}
                      </span>
                    ) : null}
                  </td>
                  <td className={cellClass}>{project.version ?? ''}</td>
                </tr>
              ))}
            </ListTable>
          )}
        </Form>
        <Pager
          total={results.total}
          page={page}
          pageSize={pageSize}
          label={t('accessControl.portfolio.pickerPages')}
          showingKey="accessControl.portfolio.showingProjects"
          pageParam="pickPage"
          idPrefix="pick"
        />
      </div>
      <DialogFooter>
        <Button asChild variant="outline">
          <Link to={closeTo} preventScrollReset replace>
            {t('common.cancel')}
          </Link>
        </Button>
        <Button type="submit" form={FORM_ID} disabled={adding || results.projects.length === 0}>
          <Plus aria-hidden />
          {t('accessControl.portfolio.addSelected')}
        </Button>
      </DialogFooter>
    </UrlDialog>
  )
}
