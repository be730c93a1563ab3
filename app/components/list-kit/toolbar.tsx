import { Form, useSearchParams, useSubmit } from '@remix-run/react'
import { type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { cn } from '~/utils/misc.ts'
import { TRANSIENT_PARAMS } from './url-state.ts'

/** Hidden copies of the current URL's parameters, so a GET form changes only its own fields. */
export function KeepParams({ except }: { except: readonly string[] }) {
  const [searchParams] = useSearchParams()
  return (
    <>
      {[...searchParams.entries()]
        .filter(([key]) => !except.includes(key) && !TRANSIENT_PARAMS.includes(key))
        .map(([key, value], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
        ))}
    </>
  )
}

/**
 * A list's search toolbar: a GET form with the search field, the list's filter switches
 * (children) and Apply. It keeps every other URL parameter (sort, page size, scope) and goes
 * back to the first page. With JavaScript a switch applies as soon as it is flipped.
 */
export function ListToolbar({
  label,
  idPrefix,
  searchLabel,
  searchValue,
  searchParam = 'searchText',
  pageParam = 'page',
  owns = [],
  boxed = false,
  children,
}: {
  /** The form's accessible name, when a page has more than one search (not the field's label). */
  label?: string
  idPrefix: string
  searchLabel: string
  searchValue: string | undefined
  searchParam?: string
  pageParam?: string
  /** The filter switches' parameter names, and any the search should clear. */
  owns?: readonly string[]
  boxed?: boolean
  children?: ReactNode
}) {
  const { t } = useTranslation()
  const submit = useSubmit()
  const searchId = `${idPrefix}-search`
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      preventScrollReset
      className={cn('flex flex-wrap items-end gap-4', boxed && 'rounded-lg border bg-card p-3')}
      onChange={(event) => {
        if ((event.target as HTMLElement).getAttribute('type') === 'checkbox')
          submit(event.currentTarget, { preventScrollReset: true })
      }}
    >
      <KeepParams except={[searchParam, pageParam, ...owns]} />
      <div className="flex min-w-[min(14rem,100%)] flex-1 flex-col gap-1">
        <label htmlFor={searchId} className="text-sm font-medium">
          {searchLabel}
        </label>
        <Input id={searchId} type="search" name={searchParam} defaultValue={searchValue ?? ''} />
      </div>
      {children}
      <Button type="submit" variant="secondary">
        {t('common.apply')}
      </Button>
    </Form>
  )
}

/** A filter of a ListToolbar: a checkbox that puts `name=1` in the URL when checked. */
export function FilterSwitch({
  name,
  label,
  checked,
  disabled,
  title,
}: {
  name: string
  label: string
  checked: boolean
  disabled?: boolean
  title?: string
}) {
  return (
    <label className="flex items-center gap-2 pb-2 text-sm" title={title}>
      <input
        type="checkbox"
        name={name}
        value="1"
        defaultChecked={checked}
        disabled={disabled}
        className="size-4"
      />
      {label}
    </label>
  )
}
