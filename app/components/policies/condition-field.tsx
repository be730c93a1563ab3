import { Label } from '~/components/ui/label.tsx'
import { cn } from '~/utils/misc.ts'

/** What the value inputs choose from: loaded once for the whole editor. */
export interface ConditionCatalog {
  licenses: Array<{ licenseId: string; name: string }>
  licenseGroups: Array<{ uuid: string; name: string }>
  cweNames: Record<string, string>
}

/** The datalist the LICENSE inputs share (one list of about 700 licenses per page). */
export const LICENSE_LIST_ID = 'policy-condition-licenses'

export const fieldName = (index: number, field: string) => `conditions[${index}].${field}`
export const fieldId = (index: number, field: string) => `conditions-${index}-${field}`

/** A labelled input of one row, described by its hint and by the row's problems. */
export function RowField({
  index,
  field,
  label,
  hint,
  describedBy,
  className,
  children,
}: {
  index: number
  field: string
  label: string
  hint?: string
  describedBy?: string
  className?: string
  children: (props: { id: string; 'aria-describedby'?: string }) => React.ReactNode
}) {
  const id = fieldId(index, field)
  const hintId = hint ? `${id}-hint` : undefined
  const described = [describedBy, hintId].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('flex min-w-0 flex-col gap-1.5', className)}>
      <Label htmlFor={id} className="text-xs text-muted-foreground">
        {label}
      </Label>
      {children({ id, 'aria-describedby': described })}
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** Every license once, for the LICENSE inputs' suggestions: the id is typed, the name shown. */
export function LicenseOptions({ licenses }: { licenses: ConditionCatalog['licenses'] }) {
  return (
    <datalist id={LICENSE_LIST_ID}>
      <option value="unresolved" />
      {licenses.map((license) => (
        <option key={license.licenseId} value={license.licenseId}>
          {license.name}
        </option>
      ))}
    </datalist>
  )
}
