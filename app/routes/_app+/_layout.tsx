import { json, type LoaderFunctionArgs } from '@remix-run/node'
import { Link, Outlet, useLoaderData, useLocation, useRouteLoaderData } from '@remix-run/react'
import { Menu, ShieldCheck } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { Sidebar } from '~/components/sidebar.tsx'
import { UserMenu } from '~/components/user-menu.tsx'
import type { loader as rootLoader } from '~/root.tsx'
import { requireUser } from '~/utils/auth.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, permissions, idp } = await requireUser(request, context)
  return json({
    user: { username: user.username, fullname: user.fullname },
    permissions,
    isLocalUser: idp === 'LOCAL',
  })
}

/** Used by child routes and components that hide controls the reader may not use. */
export function useShellData() {
  return useRouteLoaderData<typeof loader>('routes/_app+/_layout')
}

export default function AppShell() {
  const { user, permissions, isLocalUser } = useLoaderData<typeof loader>()
  const root = useRouteLoaderData<typeof rootLoader>('root')
  const { t } = useTranslation()
  const location = useLocation()
  const mobileNav = useRef<HTMLDetailsElement>(null)
  useEffect(() => {
    mobileNav.current?.removeAttribute('open')
  }, [location.pathname])
  const displayName = user.fullname || user.username
  const application = root?.about?.application ?? 'Lookout'
  const version = root?.about?.lookoutVersion ?? root?.about?.version ?? ''
  const aboutParams = new URLSearchParams(location.search)
  aboutParams.set('about', '')

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t('skipToContent')}
      </a>
      <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-background px-4">
        <details ref={mobileNav} data-mobile-nav className="group lg:hidden">
          <summary
            className="flex cursor-pointer list-none items-center rounded-md p-2 hover:bg-accent [&::-webkit-details-marker]:hidden"
            aria-label={t('nav.open')}
          >
            <Menu aria-hidden className="size-5" />
          </summary>
          <div className="fixed inset-x-0 bottom-0 top-14 z-30 overflow-y-auto bg-sidebar">
            <Sidebar permissions={permissions} />
          </div>
        </details>
        <Link to="/dashboard" className="flex items-center gap-2 rounded-md font-semibold">
          <ShieldCheck aria-hidden className="size-6 text-primary" />
          <span>Lookout</span>
        </Link>
        <div className="ml-auto">
          <UserMenu
            displayName={displayName}
            isLocalUser={isLocalUser}
            language={root?.language ?? 'en'}
            theme={root?.theme ?? 'system'}
          />
        </div>
      </header>
      <div className="flex flex-1">
        <aside className="hidden w-60 shrink-0 bg-sidebar lg:block">
          <div className="sticky top-14">
            <Sidebar permissions={permissions} />
          </div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <main id="main" tabIndex={-1} className="flex-1 p-4 outline-none sm:p-6 lg:p-8">
            <Outlet />
          </main>
          <footer className="flex items-center justify-end gap-2 border-t px-4 py-3 text-sm text-muted-foreground">
            <Link
              to={`?${aboutParams}`}
              preventScrollReset
              className="hover:text-foreground hover:underline"
            >
              {t('footer.version', { application, version })}
            </Link>
          </footer>
        </div>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
