import { NavLink } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { cn } from '~/utils/misc.ts'

/** The component page's sections: Overview and Vulnerabilities (4.13 §9). */
export function ComponentTabs({ uuid }: { uuid: string }) {
  const { t } = useTranslation()
  const tabs = [
    { to: `/components/${uuid}`, label: t('findings.componentTabs.overview'), end: true },
    {
      to: `/components/${uuid}/vulnerabilities`,
      label: t('findings.componentTabs.vulnerabilities'),
    },
  ]
  return (
    <nav aria-label={t('findings.componentTabs.label')} className="overflow-x-auto border-b">
      <ul className="flex gap-1">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              end={tab.end}
              className={({ isActive }) =>
                cn(
                  'block whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm hover:text-foreground',
                  isActive
                    ? 'border-primary font-semibold text-foreground'
                    : 'text-muted-foreground',
                )
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
