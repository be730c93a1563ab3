import type { getFormProps } from '@conform-to/react'
import type { FetcherWithComponents } from '@remix-run/react'
import { Check, LoaderCircle } from 'lucide-react'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button.tsx'
import { useHydrated } from '~/utils/use-hydrated.ts'

/** 4.13 saves text fields 750 ms after the last keystroke. */
export const AUTOSAVE_DELAY_MS = 750

/** What an autosaving form's action answers a script: the form's result and whether it saved. */
export interface AutoSaveData {
  result?: unknown
  saved?: boolean
}

const SAVES_AT_ONCE = new Set(['checkbox', 'radio', 'select-one'])

/**
 * A row editor's form that, like 4.13's, saves as it is changed — switches at once, text after
 * a pause or on leaving the field — through a fetcher, saying so in a live region. Without
 * JavaScript it is a plain form with a Save button (the action redirects with a toast then;
 * the hidden `autosave` field tells it a script is waiting for an answer instead).
 */
export function AutoSaveForm({
  fetcher,
  formProps,
  intent,
  saveLabel,
  className,
  children,
}: {
  fetcher: FetcherWithComponents<AutoSaveData>
  formProps: ReturnType<typeof getFormProps>
  intent: string
  saveLabel: string
  className?: string
  children: ReactNode
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const form = useRef<HTMLFormElement>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  // A change waiting for its pause counts as saving, so nobody leaves thinking it is saved.
  const [waiting, setWaiting] = useState(false)
  useEffect(() => () => clearTimeout(timer.current), [])

  const saveNow = () => {
    clearTimeout(timer.current)
    timer.current = undefined
    setWaiting(false)
    form.current?.requestSubmit()
  }
  const onChange = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement
    if (SAVES_AT_ONCE.has(target.type)) return saveNow()
    clearTimeout(timer.current)
    setWaiting(true)
    timer.current = setTimeout(saveNow, AUTOSAVE_DELAY_MS)
  }
  const onBlur = () => {
    if (timer.current !== undefined) saveNow()
  }

  const busy = waiting || fetcher.state !== 'idle'
  return (
    <fetcher.Form
      ref={form}
      method="post"
      preventScrollReset
      className={className}
      {...formProps}
      onChange={onChange}
      onBlur={onBlur}
    >
      <input type="hidden" name="intent" value={intent} />
      {hydrated ? <input type="hidden" name="autosave" value="1" /> : null}
      {children}
      {hydrated ? (
        <p
          role="status"
          className="flex min-h-5 items-center gap-1.5 text-sm text-muted-foreground"
        >
          {busy ? (
            <>
              <LoaderCircle aria-hidden className="size-4 animate-spin" />
              {t('accessKit.autosave.saving')}
            </>
          ) : fetcher.data?.saved ? (
            <>
              <Check aria-hidden className="size-4 text-success" />
              {t('accessKit.autosave.saved')}
            </>
          ) : (
            t('accessKit.autosave.hint')
          )}
        </p>
      ) : (
        <Button type="submit" className="self-start">
          {saveLabel}
        </Button>
      )}
    </fetcher.Form>
  )
}
