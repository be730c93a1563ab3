import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { NavLink, Outlet, useLoaderData, useLocation } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { requireUser } from '~/utils/auth.server.ts'
import { cn } from '~/utils/misc.ts'
import { ADMIN_SECTIONS } from '~/utils/navigation.ts'
import { meetsRequirement } from '~/utils/permissions.ts'

export const ADMIN_ACCESS = { anyOf: ['SYSTEM_CONFIGURATION', 'ACCESS_MANAGEMENT'] } as const

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { permissions } = await requireUser(request, context, ADMIN_ACCESS)
  return json({
    sections: ADMIN_SECTIONS.filter((section) =>
      meetsRequirement(permissions, section.requires),
    ).map((section) => section.path),
  })
}

/** The administration menu: one disclosure per section, the current one open. */
export default function AdminLayout() {
  const { sections } = useLoaderData<typeof loader>()
  const { t } = useTranslation()
  // The section is the first segment after /admin (its own pages have static routes).
  const currentSection = useLocation().pathname.split('/')[2]
  const visible = ADMIN_SECTIONS.filter((section) => sections.includes(section.path))
  return (
    <div className="flex flex-col gap-6 lg:flex-row">
      <nav aria-label={t('admin.menu')} className="w-full shrink-0 lg:max-w-[280px]">
        <ul className="flex flex-col gap-2">
          {visible.map((section) => (
            <li key={section.path}>
              <details open={currentSection === section.path} className="rounded-lg border bg-card">
                <summary className="cursor-pointer rounded-lg px-4 py-3 font-medium">
                  {t(section.labelKey)}
                </summary>
                <ul className="flex flex-col gap-0.5 px-2 pb-2">
                  {section.pages
                    .filter((page) => !page.hidden)
                    .map((page) => (
                      <li key={page.path}>
                        <NavLink
                          to={`/admin/${section.path}/${page.path}`}
                          className={({ isActive }) =>
                            cn(
                              'block rounded-md px-3 py-1.5 text-sm hover:bg-accent',
                              isActive && 'bg-accent font-semibold',
                            )
                          }
                        >
                          {page.labelKey ? t(page.labelKey) : page.name}
                        </NavLink>
                      </li>
                    ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
