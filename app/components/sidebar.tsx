import { NavLink } from '@remix-run/react'
import {
  Boxes,
  Flame,
  Gauge,
  ListChecks,
  ListTodo,
  Network,
  Scale,
  Settings,
  Shield,
  Tag,
  type LucideIcon,
} from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cn } from '~/utils/misc.ts'
import { SIDEBAR, type NavItem } from '~/utils/navigation.ts'
import { meetsRequirement } from '~/utils/permissions.ts'

const ICONS: Record<NavItem['icon'], LucideIcon> = {
  dashboard: Gauge,
  projects: Network,
  components: Boxes,
  vulnerabilities: Shield,
  licenses: Scale,
  tags: Tag,
  vulnerabilityAudit: ListTodo,
  policyViolationAudit: Flame,
  policy: ListChecks,
  admin: Settings,
}

export function Sidebar({ permissions }: { permissions: string[] }) {
  const { t } = useTranslation()
  const groups = SIDEBAR.map((group) => ({
    ...group,
    items: group.items.filter((item) => meetsRequirement(permissions, item.requires)),
  })).filter((group) => group.items.length > 0 && meetsRequirement(permissions, group.requires))

  return (
    <nav aria-label={t('nav.label')} className="flex flex-col gap-6 p-3">
      {groups.map((group, index) => (
        <div key={group.titleKey ?? index} className="flex flex-col gap-1">
          {group.titleKey ? (
            <h2 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-sidebar-muted">
              {t(group.titleKey)}
            </h2>
          ) : null}
          <ul className="flex flex-col gap-0.5">
            {group.items.map((item) => {
              const Icon = ICONS[item.icon]
              return (
                <li key={item.to}>
                  <NavLink
                    to={item.to}
                    className={({ isActive }) =>
                      cn(
                        'flex items-center gap-3 rounded-md px-3 py-2 text-sm text-sidebar-foreground hover:bg-sidebar-accent focus-visible:ring-offset-sidebar',
                        isActive && 'bg-sidebar-accent font-semibold',
                      )
                    }
                  >
                    <Icon aria-hidden className="size-4 shrink-0" />
                    {t(item.labelKey)}
                  </NavLink>
                </li>
              )
            })}
          </ul>
        </div>
      ))}
    </nav>
  )
}
