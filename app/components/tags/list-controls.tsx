import { Link, useSearchParams } from '@remix-run/react'
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react'
import { useEffect, useState } from 'react'
import { listUrl } from '~/components/projects/list-url.ts'
import { cn } from '~/utils/misc.ts'

export const headerCellClass = 'whitespace-nowrap px-3 py-2 font-medium'

/** A column header that sorts through the URL: first ascending, then descending. */
export function SortHeader({
  label,
  column,
  sortParam = 'sortName',
  orderParam = 'sortOrder',
  pageParam = 'page',
  className,
}: {
  label: string
  column: string
  sortParam?: string
  orderParam?: string
  pageParam?: string
  className?: string
}) {
  const [searchParams] = useSearchParams()
  const active = searchParams.get(sortParam) === column
  const order = searchParams.get(orderParam) === 'desc' ? 'desc' : 'asc'
  const Icon = active ? (order === 'asc' ? ArrowUp : ArrowDown) : ChevronsUpDown
  return (
    <th
      scope="col"
      className={cn(headerCellClass, className)}
      aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <Link
        to={listUrl(searchParams, {
          [sortParam]: column,
          [orderParam]: active && order === 'asc' ? 'desc' : 'asc',
          [pageParam]: undefined,
        })}
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
 * checkbox (de)selects every row checkbox called `name` in the same form.
 */
export function SelectAllHeader({ name, label }: { name: string; label: string }) {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return (
    <th scope="col" className={cn(headerCellClass, 'w-10')}>
      {hydrated ? (
        <input
          type="checkbox"
          aria-label={label}
          className="size-4 align-middle"
          onChange={(event) => {
            const { checked, form } = event.currentTarget
            form
              ?.querySelectorAll<HTMLInputElement>(`input[type="checkbox"][name="${name}"]`)
              .forEach((box) => {
                box.checked = checked
              })
          }}
        />
      ) : (
        <span className="sr-only">{label}</span>
      )}
    </th>
  )
}
