import { Link } from '@remix-run/react'
import { X } from 'lucide-react'
import { useEffect, useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A modal driven by the URL: the server renders it open, so it works without JavaScript;
 * with JavaScript it takes focus, traps Tab and closes on Escape.
 */
export function UrlDialog({
  title,
  closeTo,
  children,
}: {
  title: string
  closeTo: string
  children: React.ReactNode
}) {
  const { t } = useTranslation()
  const titleId = useId()
  const panel = useRef<HTMLDivElement>(null)
  const closeLink = useRef<HTMLAnchorElement>(null)

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    panel.current?.focus()
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeLink.current?.click()
      if (event.key !== 'Tab' || !panel.current) return
      const focusable = panel.current.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])',
      )
      const first = focusable[0]
      const last = focusable[focusable.length - 1]
      if (!first || !last) return
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      previous?.focus()
    }
  }, [])

  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-black/60 p-4">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative max-h-[90vh] w-full max-w-2xl overflow-y-auto rounded-lg border bg-card p-6 text-card-foreground shadow-xl"
      >
        <div className="mb-4 flex items-start justify-between gap-4">
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
        {children}
      </div>
    </div>
  )
}
