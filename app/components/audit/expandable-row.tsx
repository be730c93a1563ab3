import { Link, useSearchParams } from '@remix-run/react'
import { ChevronDown, ChevronRight } from 'lucide-react'
import { type ReactNode } from 'react'
import { cellClass } from '~/components/list-kit/list-table.tsx'
import { listHref } from '~/components/list-kit/url-state.ts'

/**
 * The first cell of a row that opens into a detail panel through the URL (`param=<key>`), so
 * the panel is rendered by the loader and works without JavaScript.
 */
export function ExpandToggleCell({
  open,
  rowKey,
  label,
  param = 'expanded',
}: {
  open: boolean
  rowKey: string
  /** What the link does, for screen readers ("Show the details of …"). */
  label: string
  param?: string
}) {
  const [searchParams] = useSearchParams()
  return (
    <td className={cellClass}>
      <Link
        to={listHref(searchParams, { [param]: open ? undefined : rowKey })}
        preventScrollReset
        aria-expanded={open}
        className="inline-flex rounded p-0.5 text-muted-foreground hover:text-foreground"
      >
        {open ? (
          <ChevronDown aria-hidden className="size-4" />
        ) : (
          <ChevronRight aria-hidden className="size-4" />
        )}
        <span className="sr-only">{label}</span>
      </Link>
    </td>
  )
}

/**
 * The row under an open row holding its panel. The table scrolls sideways; the panel keeps to
 * the visible width (the table's wrapper must be a size container: `[container-type:inline-size]`).
 */
export function PanelRow({ span, children }: { span: number; children: ReactNode }) {
  return (
    <tr className="border-t bg-muted/20">
      <td colSpan={span} className="p-0">
        <div className="sticky left-0 w-[100cqw] p-3 sm:p-4">{children}</div>
      </td>
    </tr>
  )
}
