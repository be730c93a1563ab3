import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { cn, useIsPending } from '~/utils/misc.ts'

/**
 * "Enable portfolio access control": a switch that is a submit button, so one click (or Space)
 * saves it, with or without JavaScript. Saving needs SYSTEM_CONFIGURATION, as in 4.13.
 */
export function AclSwitch({ enabled, canConfigure }: { enabled: boolean; canConfigure: boolean }) {
  const { t } = useTranslation()
  const saving = useIsPending()
  return (
    <section
      aria-labelledby="acl-switch-heading"
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:p-6"
    >
      <h2 id="acl-switch-heading" className="text-lg font-semibold">
        {t('accessControl.portfolio.switchHeading')}
      </h2>
      <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="acl" />
        <button
          type="submit"
          name="enabled"
          value={enabled ? 'false' : 'true'}
          role="switch"
          aria-checked={enabled}
          aria-describedby="acl-switch-state"
          disabled={!canConfigure || saving}
          className="group inline-flex items-center gap-3 rounded-md p-1 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:cursor-not-allowed disabled:opacity-60"
        >
          <span
            aria-hidden
            className={cn(
              'relative inline-flex h-6 w-11 shrink-0 items-center rounded-full border-2 border-transparent transition-colors',
              enabled ? 'bg-primary' : 'bg-muted-foreground/40',
            )}
          >
            <span
              className={cn(
                'inline-block size-5 rounded-full bg-white shadow transition-transform',
                enabled ? 'translate-x-5' : 'translate-x-0',
              )}
            />
          </span>
          {t('accessControl.portfolio.switch')}
        </button>
      </Form>
      <p id="acl-switch-state" className="max-w-prose text-sm text-muted-foreground">
        {t(enabled ? 'accessControl.portfolio.stateOn' : 'accessControl.portfolio.stateOff')}
      </p>
      {canConfigure ? null : (
        <p className="max-w-prose text-sm text-muted-foreground">
          {t('accessControl.portfolio.needsConfiguration')}
        </p>
      )}
    </section>
  )
}
