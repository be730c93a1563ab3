import { Link } from '@remix-run/react'

/** A count that opens its "… tagged with" dialog when there is something to list. */
export function CountCell({ count, to, label }: { count: number; to?: string; label: string }) {
  return (
    <td className="px-3 py-2 tabular-nums">
      {count > 0 && to ? (
        <Link
          to={to}
          preventScrollReset
          aria-label={label}
          className="font-medium text-primary hover:underline"
        >
          {count}
        </Link>
      ) : (
        count
      )}
    </td>
  )
}
