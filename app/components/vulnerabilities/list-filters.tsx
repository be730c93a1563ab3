import { ChevronDown } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { FilterSwitch } from '~/components/list-kit/toolbar.tsx'
import { SEVERITIES } from './severity.ts'
import { FILTER_SOURCES, sourceName } from './sources.ts'

/**
 * A filter with several values, as a disclosure of checkboxes (native, so it opens without
 * JavaScript); every checked box puts `name=value` in the URL.
 */
function ChoiceFilter({
  name,
  label,
  choices,
  selected,
}: {
  name: string
  label: string
  choices: ReadonlyArray<{ value: string; label: string }>
  selected: readonly string[]
}) {
  const { t } = useTranslation()
  const summary =
    selected.length === 0
      ? t('vulnerabilities.filters.all')
      : choices
          .filter((choice) => selected.includes(choice.value))
          .map((choice) => choice.label)
          .join(', ')
  return (
    <details className="group relative">
      <summary className="flex h-10 max-w-[16rem] cursor-pointer list-none items-center gap-2 rounded-md border border-input bg-background px-3 text-sm [&::-webkit-details-marker]:hidden">
        <span className="font-medium">{label}:</span>
        <span className="truncate text-muted-foreground">{summary}</span>
        <ChevronDown
          aria-hidden
          className="size-4 shrink-0 transition-transform group-open:rotate-180"
        />
      </summary>
      <fieldset className="absolute left-0 z-20 mt-1 flex min-w-[12rem] flex-col gap-2 rounded-md border bg-popover p-3 text-popover-foreground shadow-lg">
        <legend className="sr-only">{label}</legend>
        {choices.map((choice) => (
          <label key={choice.value} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={choice.value}
              defaultChecked={selected.includes(choice.value)}
              className="size-4"
            />
            {choice.label}
          </label>
        ))}
      </fieldset>
    </details>
  )
}

/** The list's own filters, placed in its ListToolbar. */
export function VulnerabilityListFilters({
  severities,
  sources,
  kev,
  perFlaw,
}: {
  severities: readonly string[]
  sources: readonly string[]
  kev: boolean
  perFlaw: boolean
}) {
  const { t } = useTranslation()
  return (
    <>
      <ChoiceFilter
        name="severity"
        label={t('vulnerabilities.filters.severity')}
        selected={severities}
        choices={SEVERITIES.map((severity) => ({
          value: severity,
          label: t(`vulnerabilities.severity.${severity}`),
        }))}
      />
      <ChoiceFilter
        name="source"
        label={t('vulnerabilities.filters.source')}
        selected={sources}
        choices={FILTER_SOURCES.map((source) => {
          const name = sourceName(source)
          return { value: source, label: 'name' in name ? source : t(name.key) }
        })}
      />
      <FilterSwitch name="kev" label={t('vulnerabilities.filters.kev')} checked={kev} />
      {/* Checked sends 0 then 1 (the last wins); unchecked only 0: the default is on. */}
      <input type="hidden" name="perFlaw" value="0" />
      <label
        className="flex items-center gap-2 pb-2 text-sm"
        title={t('vulnerabilities.filters.perFlawHint')}
      >
        <input
          type="checkbox"
          name="perFlaw"
          value="1"
          defaultChecked={perFlaw}
          className="size-4"
        />
        {t('vulnerabilities.filters.perFlaw')}
      </label>
    </>
  )
}
