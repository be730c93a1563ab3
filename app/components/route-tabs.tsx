import { NavLink } from '@remix-run/react'
import { cn } from '~/utils/misc.ts'

export interface RouteTab {
  to: string
  label: string
  /** Active only on exactly this address (the index tab). */
  end?: boolean
  badge?: number
}

/** A page's tabs where each tab is its own address (a child route), usable without JavaScript. */
export function RouteTabs({ label, tabs }: { label: string; tabs: readonly RouteTab[] }) {
  return (
    <nav aria-label={label} className="overflow-x-auto border-b">
      <ul className="flex gap-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm hover:text-foreground',
                  isActive
                    ? 'border-primary font-semibold text-foreground'
                    : 'text-muted-foreground',
                )
              }
            >
              {tab.label}
              {tab.badge === undefined ? null : (
                <span className="rounded-full bg-secondary px-2 py-0.5 text-xs tabular-nums text-secondary-foreground">
                  {tab.badge}
                </span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
