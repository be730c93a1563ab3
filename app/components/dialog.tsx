import { Link } from '@remix-run/react'
import { X } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '~/utils/misc.ts'

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'
const FIELD =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled]):not([readonly])'

function visible(element: HTMLElement) {
  return element.getClientRects().length > 0
}

function sameAddress(a: string, b: string) {
  const key = (address: string) => {
    const url = new URL(address, window.location.href)
    url.searchParams.sort()
    return `${url.pathname}?${url.searchParams}`
  }
  return key(a) === key(b)
}

/**
 * Where focus goes back when the dialog closes: what had it when the dialog opened if it is
 * still on the page, else a link to the address that opened the dialog (the page may have drawn
 * its links anew, or the dialog came with the page).
 */
function openerFor(previous: Element | null, openedAt: string): HTMLElement | null {
  if (previous instanceof HTMLElement && previous !== document.body && previous.isConnected) {
    return previous
  }
  const links = document.querySelectorAll<HTMLAnchorElement>('a[href]')
  return [...links].find((link) => sameAddress(link.href, openedAt)) ?? null
}

/**
 * A modal driven by the URL: the server renders it open, so it works without JavaScript;
 * with JavaScript it focuses its first field, traps Tab, closes on Escape and gives focus back
 * to whatever opened it. The body scrolls; a DialogFooter stays in view at its bottom.
 */
export function UrlDialog({
  title,
  closeTo,
  size = 'medium',
  children,
}: {
  title: string
  closeTo: string
  /** `large` for dialogs with wide tables or side-by-side calculators. */
  size?: 'medium' | 'large'
  children: React.ReactNode
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const closeLink = useRef<HTMLAnchorElement>(null)

  useEffect(() => {
    const previous = document.activeElement
    const openedAt = window.location.href
    const body = panel.current?.querySelector<HTMLElement>('[data-dialog-body]')
    const field = [...(body?.querySelectorAll<HTMLElement>(FIELD) ?? [])].find(visible)
    ;(field ?? panel.current)?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        closeLink.current?.click()
        return
      }
      if (event.key !== 'Tab' || !panel.current) return
      const focusable = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible)
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (!first || !last) return
      const inside = panel.current.contains(document.activeElement)
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      openerFor(previous, openedAt)?.focus()
    }
  }, [])

  // A refusal shown in the dialog (after a submission) scrolls into view above the actions.
  const shownAlert = useRef<Element | null>(null)
  useEffect(() => {
    const alert = panel.current?.querySelector('[data-dialog-body] [role="alert"]') ?? null
    if (alert && alert !== shownAlert.current) alert.scrollIntoView({ block: 'nearest' })
    shownAlert.current = alert
  })

  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/60 p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={cn(
          'flex max-h-[calc(100dvh-2rem)] w-full flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-xl outline-none sm:max-h-[90vh]',
          size === 'large' ? 'max-w-5xl' : 'max-w-2xl',
        )}
      >
        <div className="flex shrink-0 items-start justify-between gap-4 border-b px-6 py-4">
          <h2 id={titleId} className="text-xl font-semibold">
            {title}
          </h2>
          <Link
            ref={closeLink}
            to={closeTo}
            preventScrollReset
            replace
            className="rounded p-1 text-muted-foreground hover:text-foreground"
          >
            <X aria-hidden className="size-5" />
            <span className="sr-only">{t('common.close')}</span>
          </Link>
        </div>
        <div data-dialog-body className="min-h-0 flex-1 overflow-y-auto px-6 pt-4">
          {children}
          <div aria-hidden className="h-6" />
        </div>
      </div>
    </div>
  )
}

/** A dialog's actions: they stay at the bottom of the panel while a long form scrolls. */
export function DialogFooter({
  className,
  children,
}: {
  className?: string
  children: React.ReactNode
}) {
  return (
    <div
      data-dialog-footer
      className={cn(
        'sticky bottom-0 z-10 -mx-6 -mb-6 flex flex-wrap justify-end gap-2 border-t bg-card px-6 py-4',
        className,
      )}
    >
      {children}
    </div>
  )
}
