import { Form, Link } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import {
  cellClass,
  EmptyList,
  ListTable,
  SelectRowCell,
} from '~/components/list-kit/list-table.tsx'
import { Button } from '~/components/ui/button.tsx'

const FORM_ID = 'oidc-team-picker'

/** 4.13's Select Team modal: check the teams the group should map to, add them in one submit. */
export function TeamPickerDialog({
  groupName,
  teams,
  closeTo,
}: {
  groupName: string
  /** The teams the group is not mapped to yet, by name. */
  teams: Array<{ uuid: string; name: string }>
  closeTo: string
}) {
  const { t } = useTranslation()
  return (
    <UrlDialog title={t('oidcGroups.picker.title', { name: groupName })} closeTo={closeTo}>
      <div className="flex flex-col gap-4">
        {teams.length === 0 ? (
          <EmptyList>{t('oidcGroups.picker.none')}</EmptyList>
        ) : (
          <Form
            id={FORM_ID}
            method="post"
            preventScrollReset
            className="max-h-[50vh] overflow-y-auto"
          >
            <input type="hidden" name="intent" value="add" />
            <ListTable
              caption={t('oidcGroups.picker.caption')}
              selectAll={{ name: 'team', label: t('oidcGroups.picker.selectAll') }}
              columns={[{ key: 'name', label: t('oidcGroups.columns.team') }]}
            >
              {teams.map((team) => (
                <tr key={team.uuid} className="border-t">
                  <SelectRowCell
                    name="team"
                    value={team.uuid}
                    label={t('oidcGroups.picker.select', { name: team.name })}
                  />
                  <td className={`${cellClass} [overflow-wrap:anywhere]`}>{team.name}</td>
                </tr>
              ))}
            </ListTable>
          </Form>
        )}
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link to={closeTo} replace preventScrollReset>
              {t('common.cancel')}
            </Link>
          </Button>
          {teams.length > 0 ? (
            <Button type="submit" form={FORM_ID}>
              <Plus aria-hidden />
              {t('oidcGroups.picker.submit')}
            </Button>
          ) : null}
        </DialogFooter>
      </div>
    </UrlDialog>
  )
}
