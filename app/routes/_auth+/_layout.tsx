import { Outlet } from '@remix-run/react'
import { ShieldCheck } from 'lucide-react'

/** The sign-in pages: one centred card beside the product mark. */
export default function AuthLayout() {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <div className="grid w-full max-w-3xl overflow-hidden rounded-xl border bg-card shadow-lg md:grid-cols-[1fr_16rem]">
        <div className="p-6 sm:p-8">
          <Outlet />
        </div>
        <div className="hidden flex-col items-center justify-center gap-3 bg-sidebar p-8 text-sidebar-foreground md:flex">
          <ShieldCheck aria-hidden className="size-16" />
          <p className="text-2xl font-semibold tracking-tight">Lookout</p>
        </div>
      </div>
    </main>
  )
}
