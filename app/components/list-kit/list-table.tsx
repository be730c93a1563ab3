import { Link, useSearchParams } from '@remix-run/react'
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react'
import { useEffect, useState, type ReactNode } from 'react'
import { cn } from '~/utils/misc.ts'
import { sortState, type SortParamNames } from './url-state.ts'

export const headerCellClass = 'whitespace-nowrap px-3 py-2 font-medium'
export const cellClass = 'px-3 py-2'

export interface ListColumn {
  key: string
  label: string
  /** The API's sortName for this column; without it the header does not sort. */
  sort?: string
  className?: string
}

/**
 * A list's table: a box that scrolls sideways instead of overflowing narrow screens, a caption
 * for assistive technology, sortable headers and an optional select-all column.
 */
export function ListTable({
  caption,
  columns,
  selectAll,
  sortParams,
  children,
}: {
  caption: string
  columns: readonly ListColumn[]
  selectAll?: { name: string; label: string; form?: string }
  sortParams?: SortParamNames
  children: ReactNode
}) {
  return (
    <div className="w-full max-w-full overflow-x-auto rounded-lg border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {selectAll ? <SelectAllHeader {...selectAll} /> : null}
            {columns.map((column) =>
              column.sort ? (
                <SortHeader
                  key={column.key}
                  label={column.label}
                  column={column.sort}
                  className={column.className}
                  {...sortParams}
                />
              ) : (
                <th key={column.key} scope="col" className={cn(headerCellClass, column.className)}>
                  {column.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  )
}

/** A column header that sorts through the URL: first ascending, then descending. */
export function SortHeader({
  label,
  column,
  className,
  ...names
}: { label: string; column: string; className?: string } & SortParamNames) {
  const [searchParams] = useSearchParams()
  const { active, order, href } = sortState(searchParams, column, names)
  const Icon = active ? (order === 'asc' ? ArrowUp : ArrowDown) : ChevronsUpDown
  return (
    <th
      scope="col"
      className={cn(headerCellClass, className)}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link
        to={href}
        preventScrollReset
        replace
        className="inline-flex items-center gap-1 rounded hover:text-foreground"
      >
        {label}
        <Icon aria-hidden className="size-3" />
      </Link>
    </th>
  )
}

/**
 * The header cell of a checkbox column. Without JavaScript it only names the column; with it, a
 * checkbox (de)selects every row checkbox called `name` of its form — the enclosing one, or the
 * one named by `form` when the rows join it through their `form` attribute.
 */
export function SelectAllHeader({
  name,
  label,
  form,
}: {
  name: string
  label: string
  form?: string
}) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <th scope="col" className={cn(headerCellClass, 'w-10')}>
      {hydrated ? (
        <input
          type="checkbox"
          aria-label={label}
          className="size-4 align-middle"
          form={form}
          onChange={(event) => {
            const { checked, form: owner } = event.currentTarget
            // form.elements includes controls associated through their form attribute.
            for (const element of owner?.elements ?? []) {
              if (element instanceof HTMLInputElement && element.name === name) {
                element.checked = checked
              }
            }
          }}
        />
      ) : (
        <span className="sr-only">{label}</span>
      )}
    </th>
  )
}

/** A row's selection checkbox, submitted as `name=value` by its form (or the one named by `form`). */
export function SelectRowCell({
  name,
  value,
  label,
  form,
  defaultChecked,
}: {
  name: string
  value: string
  label: string
  form?: string
  /** Ticked when the page comes back from a refused submit, so the selection survives it. */
  defaultChecked?: boolean
}) {
  return (
    <td className={cellClass}>
      <input
        type="checkbox"
        name={name}
        value={value}
        form={form}
        defaultChecked={defaultChecked}
        aria-label={label}
        className="size-4 align-middle"
      />
    </td>
  )
}

/** Long text cut to the cell's width; the whole text stays available as a tooltip. */
export function Truncated({ text, className }: { text?: string; className?: string }) {
  if (!text) return null
  return (
    <span title={text} className={cn('block max-w-[16rem] truncate', className)}>
      {text}
    </span>
  )
}

/** What a list shows instead of an empty table. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center text-muted-foreground"
    >
      {children}
    </div>
  )
}
