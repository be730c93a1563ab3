import { Form, Link } from '@remix-run/react'
import { Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { License, LicenseGroup } from '~/api/licenses.server.ts'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { cellClass, EmptyList, ListTable } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ExactMatch } from './exact-match.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { Button } from '~/components/ui/button.tsx'

const FORM_ID = 'license-picker'

/**
 * 4.13's Select License modal, searched and paged by the server: check licenses on a page and
 * add them to the group in one submit; licenses already in the group are marked, not offered.
 */
export function LicensePickerDialog({
  group,
  licenses,
  exact,
  total,
  search,
  page,
  pageSize,
  closeTo,
}: {
  group: LicenseGroup
  licenses: License[]
  exact?: License
  total: number
  search: string | undefined
  page: number
  pageSize: number
  closeTo: string
}) {
  const { t } = useTranslation()
  const members = new Set(group.licenses.map((license) => license.uuid))
  return (
    <UrlDialog
      title={t('licenseGroups.picker.title', { name: group.name })}
      closeTo={closeTo}
      size="large"
    >
      <div className="flex flex-col gap-4">
        <ListToolbar
          label={t('licenseGroups.picker.searchForm')}
          idPrefix="license-picker"
          searchLabel={t('licenseGroups.picker.search')}
          searchValue={search}
          searchParam="pickSearch"
          pageParam="pickPage"
        />
        <Form id={FORM_ID} method="post" preventScrollReset className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="add" />
          {exact && !licenses.some((license) => license.uuid === exact.uuid) ? (
            <ExactMatch
              license={exact}
              control={<PickBox license={exact} member={members.has(exact.uuid)} />}
            />
          ) : null}
          {licenses.length === 0 ? (
            <EmptyList>{t('licenseGroups.picker.noMatch')}</EmptyList>
          ) : (
            <ListTable
              caption={t('licenseGroups.picker.caption')}
              selectAll={{ name: 'license', label: t('licenseGroups.picker.selectAll') }}
              columns={[
                { key: 'name', label: t('licenses.columns.name') },
                { key: 'licenseId', label: t('licenses.columns.licenseId') },
              ]}
            >
              {licenses.map((license) => {
                const member = members.has(license.uuid)
                return (
                  <tr key={license.uuid} className="border-t">
                    <td className={cellClass}>
                      <PickBox license={license} member={member} />
                    </td>
                    <td className={cellClass}>
                      {license.name}{' '}
                      {member ? (
                        <span className="ml-1 rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                          {t('licenseGroups.picker.member')}
                        </span>
                      ) : null}
                    </td>
                    <td className={`${cellClass} font-mono text-xs [overflow-wrap:anywhere]`}>
                      {license.licenseId}
                    </td>
                  </tr>
                )
              })}
            </ListTable>
          )}
        </Form>
        <Pager
          total={total}
          page={page}
          pageSize={pageSize}
          label={t('licenseGroups.picker.pagination')}
          showingKey="licenseGroups.picker.showing"
          pageParam="pickPage"
          idPrefix="license-picker"
        />
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link to={closeTo} replace preventScrollReset>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" form={FORM_ID}>
            <Plus aria-hidden />
            {t('licenseGroups.picker.submit')}
          </Button>
        </DialogFooter>
      </div>
    </UrlDialog>
  )
}

/** A license's checkbox in the picker; a member is shown checked and cannot be picked again. */
function PickBox({ license, member }: { license: License; member: boolean }) {
  const { t } = useTranslation()
  return (
    <input
      type="checkbox"
      name="license"
      value={license.uuid}
      disabled={member}
      defaultChecked={member}
      aria-label={t('licenseGroups.picker.select', { name: license.name })}
      className="size-4 align-middle"
    />
  )
}
