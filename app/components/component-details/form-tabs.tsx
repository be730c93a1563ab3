import { useEffect, useId, useRef, useState } from 'react'
import { cn } from '~/utils/misc.ts'

export interface FormTab {
  id: string
  label: string
  content: React.ReactNode
  /** True when a field on this tab has an error: the first such tab is shown. */
  invalid?: boolean
}

/**
 * Tabs for a long form. Before JavaScript runs (or without it) every panel is shown one below
 * the other under its heading, so the whole form can be filled and submitted; once hydrated the
 * panels become keyboard-operable tabs. Hidden panels stay in the form, so nothing is lost.
 */
export function FormTabs({
  tabs,
  label,
  initial,
  onSelect,
}: {
  tabs: FormTab[]
  label: string
  /** The tab shown first when no tab has an error. */
  initial?: string
  onSelect?: (id: string) => void
}) {
  const prefix = useId()
  const [hydrated, setHydrated] = useState(false)
  const firstInvalid = tabs.find((tab) => tab.invalid)?.id
  const [active, setActiveState] = useState(
    firstInvalid ?? tabs.find((tab) => tab.id === initial)?.id ?? tabs[0]?.id,
  )
  const setActive = (id: string) => {
    setActiveState(id)
    onSelect?.(id)
  }
  const buttons = useRef<Array<HTMLButtonElement | null>>([])

  useEffect(() => setHydrated(true), [])
  useEffect(() => {
    if (firstInvalid) setActiveState(firstInvalid)
  }, [firstInvalid])

  const move = (from: number, step: number) => {
    const next = (from + step + tabs.length) % tabs.length
    setActive(tabs[next]!.id)
    buttons.current[next]?.focus()
  }

  return (
    <div className="flex flex-col gap-4">
      {hydrated ? (
        <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b">
          {tabs.map((tab, index) => {
            const selected = tab.id === active
            return (
              <button
                key={tab.id}
                ref={(element) => {
                  buttons.current[index] = element
                }}
                type="button"
                role="tab"
                id={`${prefix}-tab-${tab.id}`}
                aria-selected={selected}
                aria-controls={`${prefix}-panel-${tab.id}`}
                tabIndex={selected ? 0 : -1}
                onClick={() => setActive(tab.id)}
                onKeyDown={(event) => {
                  if (event.key === 'ArrowRight') move(index, 1)
                  else if (event.key === 'ArrowLeft') move(index, -1)
                  else if (event.key === 'Home') move(0, 0)
                  else if (event.key === 'End') move(tabs.length - 1, 0)
                  else return
                  event.preventDefault()
                }}
                className={cn(
                  '-mb-px border-b-2 border-transparent px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  selected
                    ? 'border-primary font-semibold text-foreground'
                    : 'text-muted-foreground hover:text-foreground',
                  tab.invalid && !selected ? 'text-destructive' : null,
                )}
              >
                {tab.label}
              </button>
            )
          })}
        </div>
      ) : null}
      {tabs.map((tab) => (
        <section
          key={tab.id}
          id={`${prefix}-panel-${tab.id}`}
          role={hydrated ? 'tabpanel' : undefined}
          aria-labelledby={hydrated ? `${prefix}-tab-${tab.id}` : `${prefix}-heading-${tab.id}`}
          hidden={hydrated && tab.id !== active}
          className={cn('flex flex-col gap-4', hydrated && tab.id !== active ? 'hidden' : null)}
        >
          {hydrated ? null : (
            <h3 id={`${prefix}-heading-${tab.id}`} className="border-b pb-1 font-semibold">
              {tab.label}
            </h3>
          )}
          {tab.content}
        </section>
      ))}
    </div>
  )
}
