import { Search } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { cellClass, headerCellClass } from '~/components/list-kit/list-table.tsx'
import { pageRange } from '~/components/list-kit/url-state.ts'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'

export interface CwePickerState {
  search: string
  page: number
  pageSize: number
  total: number
  cwes: Array<{ cweId: number; name?: string }>
  picked: number[]
}

/**
 * Select CWE: the dictionary, searchable by id or name and paged, with a checkbox per entry.
 * Search and paging are buttons of the editor's form, so the draft travels along.
 */
export function CwePicker({ picker, chosen }: { picker: CwePickerState; chosen: number[] }) {
  const { t } = useTranslation()
  const id = useId()
  const { first, last, pages } = pageRange(picker.total, picker.page, picker.pageSize)
  const shown = new Set(picker.cwes.map((cwe) => cwe.cweId))
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      {/* The dialog's title says it; the heading names the section for assistive technology. */}
      <h3 id={`${id}-title`} className="sr-only">
        {t('vulnerabilities.cwe.title')}
      </h3>
      {picker.picked
        .filter((cweId) => !shown.has(cweId))
        .map((cweId) => (
          <input key={cweId} type="hidden" name="cwePicked" value={cweId} />
        ))}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-[min(16rem,100%)] flex-1 flex-col gap-2">
          <Label htmlFor={`${id}-search`}>{t('vulnerabilities.cwe.search')}</Label>
          <Input id={`${id}-search`} type="search" name="cweSearch" defaultValue={picker.search} />
        </div>
        <Button type="submit" name="intent" value="searchCwes" variant="secondary" formNoValidate>
          <Search aria-hidden />
          {t('vulnerabilities.cwe.searchSubmit')}
        </Button>
      </div>
      {picker.cwes.length === 0 ? (
        <p
          role="status"
          className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground"
        >
          {t('vulnerabilities.cwe.noMatch')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('vulnerabilities.cwe.title')}</caption>
            <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className={`${headerCellClass} w-10`}>
                  <span className="sr-only">{t('vulnerabilities.cwe.selectColumn')}</span>
                </th>
                <th scope="col" className={headerCellClass}>
                  {t('vulnerabilities.cwe.id')}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t('vulnerabilities.cwe.name')}
                </th>
              </tr>
            </thead>
            <tbody>
              {picker.cwes.map((cwe) => {
                const already = chosen.includes(cwe.cweId)
                return (
                  <tr key={cwe.cweId} className="border-t">
                    <td className={cellClass}>
                      <input
                        type="checkbox"
                        name="cwePick"
                        value={cwe.cweId}
                        defaultChecked={already || picker.picked.includes(cwe.cweId)}
                        disabled={already}
                        aria-label={t('vulnerabilities.cwe.select', { id: `CWE-${cwe.cweId}` })}
                        className="size-4 align-middle"
                      />
                    </td>
                    <td className={`${cellClass} whitespace-nowrap font-mono`}>CWE-{cwe.cweId}</td>
                    <td className={cellClass}>{cwe.name}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      <nav
        aria-label={t('vulnerabilities.cwe.pagination')}
        className="flex flex-wrap items-center justify-between gap-3 text-sm"
      >
        <p>{t('vulnerabilities.cwe.showing', { first, last, total: picker.total })}</p>
        <div className="flex items-center gap-2">
          {picker.page > 1 ? (
            <Button
              type="submit"
              name="intent"
              value={`cwePage:${picker.page - 1}`}
              size="sm"
              variant="outline"
              formNoValidate
            >
              {t('projects.previous')}
            </Button>
          ) : null}
          <span aria-current="page">
            {picker.page} / {pages}
          </span>
          {picker.page < pages ? (
            <Button
              type="submit"
              name="intent"
              value={`cwePage:${picker.page + 1}`}
              size="sm"
              variant="outline"
              formNoValidate
            >
              {t('projects.next')}
            </Button>
          ) : null}
        </div>
      </nav>
    </section>
  )
}
