import { Link, NavLink } from '@remix-run/react'
import { cn } from '~/utils/misc.ts'

export interface RouteTab {
  to: string
  label: string
  /** Active only on exactly this address (the index tab). */
  end?: boolean
  /** Overrides the address match (a tab that also owns sibling addresses). */
  active?: boolean
  badge?: number
}

/** A page's tabs where each tab is its own address (a child route), usable without JavaScript. */
export function RouteTabs({ label, tabs }: { label: string; tabs: readonly RouteTab[] }) {
  return (
    <nav aria-label={label} className="overflow-x-auto border-b">
      <ul className="flex gap-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            {tab.active === undefined ? (
              <NavLink to={tab.to} end={tab.end} className={({ isActive }) => tabClass(isActive)}>
                <TabLabel tab={tab} />
              </NavLink>
            ) : (
              <Link
                to={tab.to}
                aria-current={tab.active ? 'page' : undefined}
                className={tabClass(tab.active)}
              >
                <TabLabel tab={tab} />
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  )
}

const tabClass = (active: boolean) =>
  cn(
    'flex items-center gap-2 whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm hover:text-foreground',
    active ? 'border-primary font-semibold text-foreground' : 'text-muted-foreground',
  )

function TabLabel({ tab }: { tab: RouteTab }) {
  return (
    <>
      {tab.label}
      {tab.badge === undefined ? null : (
        <span className="rounded-full bg-secondary px-2 py-0.5 text-xs tabular-nums text-secondary-foreground">
          {tab.badge}
        </span>
      )}
    </>
  )
}
