import { Form, Link } from '@remix-run/react'
import { Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { cellClass, EmptyList, ListTable } from '~/components/list-kit/list-table.tsx'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { Button } from '~/components/ui/button.tsx'

export interface PickOption {
  value: string
  label: string
  detail?: string
  /** Already a member, already granted, already mapped: shown ticked, not offered. */
  taken: boolean
}

/** One page of a picker, as the loader prepares it (`pickSearch`, `pickPage` in the URL). */
export interface PickerPage {
  options: PickOption[]
  total: number
  page: number
  pageSize: number
  search?: string
}

const FORM_ID = 'access-picker'

/**
 * 4.13's Select Team / Select Permission / Select Group modals: search and page through the
 * choices (in the URL, so it works without JavaScript), tick several and add them in one post
 * of `intent` with every ticked `pick`. `notice` replaces the table when there is nothing to
 * show yet (LDAP not configured, nothing searched for).
 */
export function PickerDialog({
  title,
  closeTo,
  intent,
  picker,
  searchLabel,
  columns,
  emptyText,
  notice,
}: {
  title: string
  closeTo: string
  intent: string
  picker: PickerPage
  searchLabel: string
  /** Headers of the name column and, when options have one, the detail column. */
  columns: [string] | [string, string]
  emptyText: string
  notice?: ReactNode
}) {
  const { t } = useTranslation()
  const [nameColumn, detailColumn] = columns
  return (
    <UrlDialog title={title} closeTo={closeTo} size="large">
      <div className="flex flex-col gap-4">
        <ListToolbar
          label={t('accessKit.picker.searchForm')}
          idPrefix="access-picker"
          searchLabel={searchLabel}
          searchValue={picker.search}
          searchParam="pickSearch"
          pageParam="pickPage"
        />
        <Form id={FORM_ID} method="post" action={closeTo} preventScrollReset>
          <input type="hidden" name="intent" value={intent} />
          {notice ? (
            <EmptyList>{notice}</EmptyList>
          ) : picker.options.length === 0 ? (
            <EmptyList>{emptyText}</EmptyList>
          ) : (
            <ListTable
              caption={title}
              selectAll={{ name: 'pick', label: t('accessKit.picker.selectAll') }}
              columns={[
                { key: 'name', label: nameColumn },
                ...(detailColumn ? [{ key: 'detail', label: detailColumn }] : []),
              ]}
            >
              {picker.options.map((option) => (
                <tr key={option.value} className="border-t">
                  <td className={cellClass}>
                    <input
                      type="checkbox"
                      name="pick"
                      value={option.value}
                      disabled={option.taken}
                      defaultChecked={option.taken}
                      aria-label={t('accessKit.picker.select', { name: option.label })}
                      className="size-4 align-middle"
                    />
                  </td>
                  <td className={`${cellClass} [overflow-wrap:anywhere]`}>
                    {option.label}
                    {option.taken ? (
                      <span className="ml-2 rounded-full bg-secondary px-2 py-0.5 text-xs text-secondary-foreground">
                        {t('accessKit.picker.taken')}
                      </span>
                    ) : null}
                  </td>
                  {detailColumn ? (
                    <td className={`${cellClass} text-muted-foreground`}>{option.detail}</td>
                  ) : null}
                </tr>
              ))}
            </ListTable>
          )}
        </Form>
        {notice ? null : (
          <Pager
            total={picker.total}
            page={picker.page}
            pageSize={picker.pageSize}
            label={t('accessKit.picker.pagination')}
            showingKey="accessKit.picker.showing"
            pageParam="pickPage"
            idPrefix="access-picker"
          />
        )}
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link to={closeTo} replace preventScrollReset>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" form={FORM_ID} disabled={Boolean(notice)}>
            <Plus aria-hidden />
            {t('accessKit.picker.submit')}
          </Button>
        </DialogFooter>
      </div>
    </UrlDialog>
  )
}
