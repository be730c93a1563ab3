import { Form } from '@remix-run/react'
import { Check, Plus } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Pager } from '~/components/list-kit/pager.tsx'
import { ListToolbar } from '~/components/list-kit/toolbar.tsx'
import { Button } from '~/components/ui/button.tsx'

export interface PickerView<Row> {
  search: string
  page: number
  total: number
  rows: Row[]
}

/**
 * A server-side searched list to add projects or tags to Limit To: the search is a GET form
 * (an empty search lists everything), each result an Add button posting its one value.
 */
export function LimitPicker<Row>({
  kind,
  results,
  pageSize,
  keyOf,
  labelOf,
  isLimited,
  intent,
  field,
}: {
  kind: 'projects' | 'tags'
  results: PickerView<Row> | undefined
  pageSize: number
  keyOf: (row: Row) => string
  labelOf: (row: Row) => string
  isLimited: (row: Row) => boolean
  intent: string
  field: string
}) {
  const { t } = useTranslation()
  const searchParam = kind === 'projects' ? 'projectSearch' : 'tagSearch'
  const pageParam = kind === 'projects' ? 'projectPage' : 'tagPage'
  return (
    <div className="flex flex-col gap-3 rounded-md border border-dashed p-3">
      <ListToolbar
        label={t(`policyEditor.limits.${kind}.pickerLabel`)}
        idPrefix={`pick-${kind}`}
        searchLabel={t(`policyEditor.limits.${kind}.search`)}
        searchValue={results?.search}
        searchParam={searchParam}
        pageParam={pageParam}
      />
      {results === undefined ? (
        <p className="text-xs text-muted-foreground">
          {t(`policyEditor.limits.${kind}.searchHint`)}
        </p>
      ) : results.rows.length === 0 ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t(`policyEditor.limits.${kind}.noMatch`)}
        </p>
      ) : (
        <>
          <ul
            aria-label={t(`policyEditor.limits.${kind}.results`)}
            className="flex flex-col divide-y"
          >
            {results.rows.map((row) => {
              const label = labelOf(row)
              return (
                <li key={keyOf(row)} className="flex items-center justify-between gap-3 py-1.5">
                  <span className="min-w-0 break-words text-sm">{label}</span>
                  {isLimited(row) ? (
                    <span className="flex items-center gap-1 text-xs text-muted-foreground">
                      <Check aria-hidden className="size-4" />
                      {t('policyEditor.limits.alreadyLimited')}
                    </span>
                  ) : (
                    <Form method="post" preventScrollReset>
                      <input type="hidden" name={field} value={keyOf(row)} />
                      <Button
                        type="submit"
                        name="intent"
                        value={intent}
                        size="sm"
                        variant="outline"
                        aria-label={t('policyEditor.limits.addNamed', { name: label })}
                      >
                        <Plus aria-hidden />
                        {t('policyEditor.limits.add')}
                      </Button>
                    </Form>
                  )}
                </li>
              )
            })}
          </ul>
          <Pager
            total={results.total}
            page={results.page}
            pageSize={pageSize}
            label={t(`policyEditor.limits.${kind}.pages`)}
            showingKey="policyEditor.limits.showing"
            pageParam={pageParam}
            idPrefix={`pick-${kind}`}
          />
        </>
      )}
    </div>
  )
}
