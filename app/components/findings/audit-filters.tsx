import { Form, Link, useLocation, useSubmit } from '@remix-run/react'
import { ChevronDown } from 'lucide-react'
import { useEffect, useRef, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  ANALYSIS_RESPONSES,
  ANALYSIS_STATES,
  FINDING_TEXT_SEARCH_FIELDS,
} from '../../../common/dt-vocabulary.ts'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { cn } from '~/utils/misc.ts'
import {
  AUDIT_SEVERITIES,
  rangeParams,
  VIEW_RANGES,
  type AuditParams,
  type RangeName,
} from './audit-params.ts'

const DEBOUNCE_MS = 750
/** The field that had focus when the filters applied, focused again after the form re-renders. */
let refocusId: string | undefined

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-1.5 border-t pt-3">
      <legend className="float-left mb-1 w-full text-sm font-semibold">{legend}</legend>
      {children}
    </fieldset>
  )
}

function Check({
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

function Range({ range, params }: { range: RangeName; params: AuditParams }) {
  const { t } = useTranslation()
  const { from, to, kind } = rangeParams(range)
  const error = params.errors[range]
  const errorId = `audit-${range}-error`
  const low = params.typed[from] ?? ''
  const high = params.typed[to] ?? ''
  const numeric =
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
        {...numeric}
        {...bound}
      />
    </label>
  )
  return (
    <Section legend={t(`vulnerabilityAudit.filters.${range}`)}>
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
          {t(error)}
        </p>
      ) : null}
    </Section>
  )
}

/**
 * The left Filters panel of the audit views: one GET form holding every filter (§17.1, §17.2),
 * applied by its button without JavaScript; with it, ticks apply at once and typed values after
 * a pause. Sort and page size are kept; the page goes back to the first. On narrow screens the
 * panel folds away (open without JavaScript, folded with it unless a filter is set).
 */
export function AuditFilters({ params, filtered }: { params: AuditParams; filtered: boolean }) {
  const { t } = useTranslation()
  const submit = useSubmit()
  const location = useLocation()
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const details = useRef<HTMLDetailsElement>(null)
  const occurrences = params.view === 'occurrences'

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

  const keep = [
    ['sortName', params.sortName],
    ['sortOrder', params.sortName ? params.sortOrder : undefined],
    ['pageSize', params.pageSize === 10 ? undefined : String(params.pageSize)],
  ].filter((entry): entry is [string, string] => Boolean(entry[1]))
  const clearHref = `?${new URLSearchParams(keep)}`

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
        {keep.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Section legend={t('vulnerabilityAudit.filters.projects')}>
          <Check
            name="showInactive"
            label={t('vulnerabilityAudit.filters.showInactive')}
            checked={params.showInactive}
          />
        </Section>
        {occurrences ? (
          <Section legend={t('vulnerabilityAudit.filters.analysisStatus')}>
            <Check
              name="showSuppressed"
              label={t('vulnerabilityAudit.filters.showSuppressed')}
              checked={params.showSuppressed}
            />
          </Section>
        ) : null}
        <Section legend={t('vulnerabilityAudit.filters.severity')}>
          {AUDIT_SEVERITIES.map((severity) => (
            <Check
              key={severity}
              name="severity"
              value={severity}
              label={t(`vulnerabilities.severity.${severity.toUpperCase()}`)}
              checked={params.severity.includes(severity)}
            />
          ))}
        </Section>
        {occurrences ? (
          <>
            <Section legend={t('vulnerabilityAudit.filters.analysisState')}>
              {ANALYSIS_STATES.map((state) => (
                <Check
                  key={state}
                  name="analysisStatus"
                  value={state}
                  label={t(`analysis.state.${state}`)}
                  checked={params.analysisStatus.includes(state)}
                />
              ))}
            </Section>
            <Section legend={t('vulnerabilityAudit.filters.vendorResponse')}>
              {ANALYSIS_RESPONSES.map((response) => (
                <Check
                  key={response}
                  name="vendorResponse"
                  value={response}
                  label={t(`analysis.response.${response}`)}
                  checked={params.vendorResponse.includes(response)}
                />
              ))}
            </Section>
          </>
        ) : null}
        {VIEW_RANGES[params.view]
          .filter((range) => range === 'published' || range === 'attributedOn')
          .map((range) => (
            <Range key={range} range={range} params={params} />
          ))}
        <Section legend={t('vulnerabilityAudit.filters.textSearch')}>
          <label className="flex flex-col gap-1 text-xs text-muted-foreground">
            {t('vulnerabilityAudit.filters.searchFor')}
            <Input
              id="audit-textSearchInput"
              type="search"
              name="textSearchInput"
              defaultValue={params.textSearchInput ?? ''}
              className="h-9 px-2 text-sm text-foreground"
            />
          </label>
          <p className="mt-1 text-xs text-muted-foreground">
            {t('vulnerabilityAudit.filters.searchIn')}
          </p>
          {FINDING_TEXT_SEARCH_FIELDS.map((field) => (
            <Check
              key={field}
              name="textSearchField"
              value={field.toLowerCase()}
              label={t(`vulnerabilityAudit.filters.field.${field}`)}
              checked={params.textSearchField.includes(field)}
            />
          ))}
        </Section>
        {VIEW_RANGES[params.view]
          .filter((range) => range !== 'published' && range !== 'attributedOn')
          .map((range) => (
            <Range key={range} range={range} params={params} />
          ))}
        <Button type="submit" variant="secondary" className="mt-1">
          {t('common.apply')}
        </Button>
      </Form>
    </details>
  )
}
