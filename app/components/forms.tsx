import { useId } from 'react'
import { Alert } from './ui/alert.tsx'
import { Input } from './ui/input.tsx'
import { Label } from './ui/label.tsx'

export type ListOfErrors = Array<string | null | undefined> | null | undefined

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const shown = errors?.filter(Boolean)
  if (!shown?.length) return null
  return (
    <ul id={id} className="flex flex-col gap-1">
      {shown.map((error) => (
        <li key={error} className="text-sm text-destructive">
          {error}
        </li>
      ))}
    </ul>
  )
}

/** A labelled input wired to its errors for assistive technology. */
export function Field({
  labelProps,
  inputProps,
  errors,
  hint,
  className,
}: {
  labelProps: React.LabelHTMLAttributes<HTMLLabelElement>
  inputProps: React.InputHTMLAttributes<HTMLInputElement>
  errors?: ListOfErrors
  hint?: string
  className?: string
}) {
  const fallbackId = useId()
  const id = inputProps.id ?? fallbackId
  const errorId = errors?.length ? `${id}-error` : undefined
  const hintId = hint ? `${id}-hint` : undefined
  return (
    <div className={className ?? 'flex flex-col gap-2'}>
      <Label htmlFor={id} {...labelProps} />
      <Input
        id={id}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[errorId, hintId].filter(Boolean).join(' ') || undefined}
        {...inputProps}
      />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  )
}

/** Errors about the whole form (a refused sign-in, a server answer), announced when they appear. */
export function FormErrorAlert({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  if (!errors?.filter(Boolean).length) return null
  return (
    <Alert variant="destructive" role="alert">
      <ErrorList id={id} errors={errors} />
    </Alert>
  )
}
