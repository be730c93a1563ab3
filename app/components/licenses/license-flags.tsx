import { Check } from 'lucide-react'
import { cellClass } from '~/components/list-kit/list-table.tsx'
import { cn } from '~/utils/misc.ts'

/** A yes/no column: a check mark named for assistive technology, nothing when false. */
export function FlagCell({
  value,
  label,
  className,
}: {
  value: boolean
  label: string
  className?: string
}) {
  return (
    <td className={cn(cellClass, className)}>
      {value ? <Check role="img" aria-label={label} className="size-4" /> : null}
    </td>
  )
}

/** The flags of a license as small labels (OSI, FSF, deprecated, custom), only those set. */
export function LicenseBadges({ labels }: { labels: Array<string | false> }) {
  const shown = labels.filter((label): label is string => Boolean(label))
  if (shown.length === 0) return null
  return (
    <ul className="flex flex-wrap gap-2">
      {shown.map((label) => (
        <li
          key={label}
          className="rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground"
        >
          {label}
        </li>
      ))}
    </ul>
  )
}
