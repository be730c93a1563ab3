import { Form, Link, useLocation, useSubmit } from '@remix-run/react'
import { ChevronDown } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { cn } from '~/utils/misc.ts'
import type { BoundKind } from './filter-params.ts'

const DEBOUNCE_MS = 750
/** The field that had focus when the filters applied, focused again after the form re-renders. */
let refocusId: string | undefined

export function FilterSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-1.5 border-t pt-3">
      <legend className="float-left mb-1 w-full text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  )
}

export function FilterCheck({
  name,
  value = '1',
  label,
  checked,
}: {
  name: string
  value?: string
  label: string
  checked: boolean
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        className="size-4"
      />
      {label}
    </label>
  )
}

/** One filter with several choices: a checkbox per value, ticked when the address has it. */
export function FilterChoices<Value extends string>({
  legend,
  name,
  values,
  labelOf,
  selected,
}: {
  legend: string
  name: string
  values: readonly Value[]
  labelOf: (value: Value) => string
  selected: readonly string[]
}) {
  return (
    <FilterSection legend={legend}>
      {values.map((value) => (
        <FilterCheck
          key={value}
          name={name}
          value={value}
          label={labelOf(value)}
          checked={selected.includes(value)}
        />
      ))}
    </FilterSection>
  )
}

/** A from–to pair of date or number fields; `error` says why the typed range is not applied. */
export function RangeFields({
  id,
  legend,
  from,
  to,
  kind,
  typed,
  error,
}: {
  id: string
  legend: string
  from: string
  to: string
  kind: BoundKind
  typed: Record<string, string>
  error?: string
}) {
  const { t } = useTranslation()
  const errorId = `${id}-error`
  const low = typed[from] ?? ''
  const high = typed[to] ?? ''
  const input =
    kind === 'date'
      ? { type: 'date' }
      : {
          type: 'number',
          min: 0,
          max: kind === 'score' ? 10 : undefined,
          step: kind === 'score' ? 0.1 : 1,
        }
  const field = (name: string, label: string, value: string, bound: object) => (
    <label className="flex min-w-0 flex-1 flex-col gap-1 text-xs text-muted-foreground">
      {label}
      <Input
        id={`audit-${name}`}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn('h-9 px-2 text-sm text-foreground', error && 'border-destructive')}
        {...input}
        {...bound}
      />
    </label>
  )
  return (
    <FilterSection legend={legend}>
      <div className={kind === 'date' ? 'flex flex-col gap-2' : 'flex gap-2'}>
        {field(
          from,
          t('vulnerabilityAudit.filters.from'),
          low,
          kind === 'date' && high ? { max: high } : {},
        )}
        {field(
          to,
          t('vulnerabilityAudit.filters.to'),
          high,
          kind === 'date' && low ? { min: low } : {},
        )}
      </div>
      {error ? (
        <p id={errorId} className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </FilterSection>
  )
}

/**
 * The left Filters panel of a portfolio audit view: one GET form holding every filter, applied
 * by its button without JavaScript; with it, ticks apply at once and typed values after a pause.
 * `keep` (sort, page size) is carried over; the page goes back to the first. On narrow screens
 * the panel folds away (open without JavaScript, folded with it unless a filter is set).
 */
export function FiltersPanel({
  keep,
  filtered,
  children,
}: {
  keep: ReadonlyArray<readonly [string, string | undefined]>
  filtered: boolean
  children: ReactNode
}) {
  const { t } = useTranslation()
  const submit = useSubmit()
  const location = useLocation()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const details = useRef<HTMLDetailsElement>(null)

  useEffect(() => {
    const wide = window.matchMedia('(min-width: 1024px)')
    if (!wide.matches && !filtered && details.current) details.current.open = false
    // The summary that folds the panel only shows on narrow screens: a wide one shows it open.
    const unfold = () => {
      if (wide.matches && details.current) details.current.open = true
    }
    wide.addEventListener('change', unfold)
    return () => wide.removeEventListener('change', unfold)
    // Only when the page first shows: later the reader decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    // The form is keyed by the address, so it re-renders fresh; give focus back to the field.
    if (refocusId) document.getElementById(refocusId)?.focus()
    refocusId = undefined
    return () => clearTimeout(timer.current)
  }, [location.search])

  const apply = (form: HTMLFormElement, delay: number) => {
    clearTimeout(timer.current)
    // Out-of-range values go too: the page then says what is wrong instead of a silent field.
    timer.current = setTimeout(() => {
      refocusId = document.activeElement?.id || undefined
      submit(form, { preventScrollReset: true, replace: true })
    }, delay)
  }

  const kept = keep.filter((entry): entry is [string, string] => Boolean(entry[1]))
  const clearHref = `?${new URLSearchParams(kept)}`

  return (
    <details ref={details} open className="group rounded-lg border bg-card lg:self-start">
      <summary className="flex cursor-pointer list-none items-center justify-between px-3 py-2 text-sm font-semibold lg:hidden [&::-webkit-details-marker]:hidden">
        {t('vulnerabilityAudit.filters.title')}
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <Form
        key={location.search}
        method="get"
        aria-labelledby="audit-filters-heading"
        className="flex flex-col gap-3 p-3"
        preventScrollReset
        onChange={(event) => {
          const target = event.target as HTMLInputElement
          apply(event.currentTarget, target.type === 'checkbox' ? 0 : DEBOUNCE_MS)
        }}
      >
        <div className="flex items-center justify-between gap-2">
          <h2 id="audit-filters-heading" className="sr-only text-base font-semibold lg:not-sr-only">
            {t('vulnerabilityAudit.filters.title')}
          </h2>
          <Link
            to={clearHref}
            preventScrollReset
            className="rounded text-sm text-primary underline-offset-4 hover:underline"
          >
            {t('vulnerabilityAudit.filters.clearAll')}
          </Link>
        </div>
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {children}
        <Button type="submit" variant="secondary" className="mt-1">
          {t('common.apply')}
        </Button>
      </Form>
    </details>
  )
}

/** The text search of a Filters panel: the text, then which fields it searches. */
export function TextSearchSection({
  input,
  field,
  value,
  fields,
}: {
  input: string
  field: string
  value?: string
  fields: ReadonlyArray<{ value: string; label: string; checked: boolean }>
}) {
  const { t } = useTranslation()
  return (
    <FilterSection legend={t('vulnerabilityAudit.filters.textSearch')}>
      <label className="flex flex-col gap-1 text-xs text-muted-foreground">
        {t('vulnerabilityAudit.filters.searchFor')}
        <Input
          id={`audit-${input}`}
          type="search"
          name={input}
          defaultValue={value ?? ''}
          className="h-9 px-2 text-sm text-foreground"
        />
      </label>
      <p className="mt-1 text-xs text-muted-foreground">
        {t('vulnerabilityAudit.filters.searchIn')}
      </p>
      {fields.map((choice) => (
        <FilterCheck
          key={choice.value}
          name={field}
          value={choice.value}
          label={choice.label}
          checked={choice.checked}
        />
      ))}
    </FilterSection>
  )
}
