import { Form } from '@remix-run/react'
import { Columns3 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { KeepParams } from '~/components/list-kit/toolbar.tsx'
import { Button } from '~/components/ui/button.tsx'

/** Which of the columns 4.13 lets a reader hide are shown (`cols=1&col=…` in the URL). */
export function parseVisibleColumns<const Column extends string>(
  searchParams: URLSearchParams,
  optional: readonly Column[],
  defaults: readonly Column[],
): Column[] {
  if (!searchParams.has('cols')) return [...defaults]
  const chosen = searchParams.getAll('col')
  return optional.filter((column) => chosen.includes(column))
}

/** A GET form of checkboxes, one per hideable column; Apply keeps the rest of the view. */
export function ColumnPicker({
  columns,
  visible,
}: {
  columns: ReadonlyArray<{ key: string; label: string }>
  visible: readonly string[]
}) {
  const { t } = useTranslation()
  return (
    <details className="relative">
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-md border border-input bg-background px-3 py-1.5 text-sm hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Columns3 aria-hidden className="size-4" />
        {t('findings.columnsPicker')}
      </summary>
      <Form
        method="get"
        preventScrollReset
        className="absolute right-0 z-20 mt-1 flex min-w-48 flex-col gap-2 rounded-md border bg-popover p-3 text-popover-foreground shadow-md"
      >
        <KeepParams except={['cols', 'col']} />
        <input type="hidden" name="cols" value="1" />
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">{t('findings.columnsPicker')}</legend>
          {columns.map((column) => (
            <label key={column.key} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                name="col"
                value={column.key}
                defaultChecked={visible.includes(column.key)}
                className="size-4"
              />
              {column.label}
            </label>
          ))}
        </fieldset>
        <Button type="submit" size="sm" variant="secondary">
          {t('common.apply')}
        </Button>
      </Form>
    </details>
  )
}
