import { Link } from '@remix-run/react'
import { ArrowLeft } from 'lucide-react'
import type { ReactNode } from 'react'

/** The link above a detail page back to the list it belongs to. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="inline-flex w-fit items-center gap-1 text-sm text-primary hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" />
      {children}
    </Link>
  )
}
