import { CheckCircle2, Info, TriangleAlert, XCircle, X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { translateServerMessage } from '~/utils/api-errors.ts'
import type { Toast } from '~/utils/toast.server.ts'
import { cn } from '~/utils/misc.ts'

const ICONS = { success: CheckCircle2, info: Info, warning: TriangleAlert, error: XCircle }
const TONES = {
  success: 'border-success/50',
  info: 'border-primary/50',
  warning: 'border-warning/60',
  error: 'border-destructive/60',
}
export const TOAST_DURATION_MS = 5000

/**
 * Top-right under the sticky header (never over it, its menu button or the user menu), five
 * seconds, no progress bar; rendered on the server so it shows without JavaScript.
 */
export function Toaster({ toast }: { toast: Toast | null }) {
  const { t } = useTranslation()
  const [dismissed, setDismissed] = useState<string | null>(null)
  useEffect(() => {
    if (!toast) return
    const timer = setTimeout(() => setDismissed(toast.id), TOAST_DURATION_MS + 300)
    return () => clearTimeout(timer)
  }, [toast])
  const visible = toast && toast.id !== dismissed ? toast : null
  const Icon = visible ? ICONS[visible.type] : null
  return (
    <section
      aria-label={t('toast.region')}
      data-toaster
      className="pointer-events-none fixed right-4 top-[4.5rem] z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2"
    >
      <div role={visible?.type === 'error' ? 'alert' : 'status'} aria-live="polite">
        {visible && Icon ? (
          <div
            key={visible.id}
            data-testid="toast"
            data-type={visible.type}
            className={cn(
              'toast-auto-hide pointer-events-auto flex items-start gap-3 rounded-lg border-l-4 bg-popover p-4 text-popover-foreground shadow-lg',
              TONES[visible.type],
            )}
          >
            <Icon aria-hidden className="mt-0.5 size-5 shrink-0" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <p className="font-semibold">{translateServerMessage(visible.title, t)}</p>
              {visible.description ? (
                <p className="whitespace-pre-line break-words text-sm text-muted-foreground">
                  {visible.description}
                </p>
              ) : null}
            </div>
            <button
              type="button"
              className="rounded p-1 text-muted-foreground hover:text-foreground"
              onClick={() => setDismissed(visible.id)}
            >
              <X aria-hidden className="size-4" />
              <span className="sr-only">{t('toast.dismiss')}</span>
            </button>
          </div>
        ) : null}
      </div>
    </section>
  )
}
