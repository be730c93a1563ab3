import type { ReactNode } from 'react'

export type Fact = [label: string, value: ReactNode]

/** A titled label/value list of a detail page; facts without a value are left out. */
export function FactsSection({ id, title, facts }: { id: string; title: string; facts: Fact[] }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border bg-card p-5">
      <h2 id={id} className="mb-4 text-lg font-semibold">
        {title}
      </h2>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[12rem_1fr]">
        {facts
          .filter(([, value]) => value !== null && value !== undefined && value !== '')
          .map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="min-w-0 [overflow-wrap:anywhere]">{value}</dd>
            </div>
          ))}
      </dl>
    </section>
  )
}
