import { Link } from '@remix-run/react'
import { Copy, KeyRound } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Alert } from '~/components/ui/alert.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Input } from '~/components/ui/input.tsx'
import { Label } from '~/components/ui/label.tsx'
import { useHydrated } from '~/utils/use-hydrated.ts'

/**
 * The full API key, right after it was created or regenerated: the only time anyone sees it
 * (the server keeps a hash). It comes in the action's answer, never in a URL or a cookie, and
 * closing the dialog leaves it behind for good.
 */
export function KeyShownOnceDialog({
  apiKey,
  regenerated,
  closeTo,
}: {
  apiKey: { key: string; maskedKey: string }
  regenerated: boolean
  closeTo: string
}) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    await navigator.clipboard.writeText(apiKey.key)
    setCopied(true)
  }
  return (
    <UrlDialog
      title={regenerated ? t('accessKit.keyOnce.regeneratedTitle') : t('accessKit.keyOnce.title')}
      closeTo={closeTo}
    >
      <div className="flex flex-col gap-4">
        <Alert className="flex items-start gap-2 border-warning/60">
          <KeyRound aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
          <p>{t('accessKit.keyOnce.warning')}</p>
        </Alert>
        <div className="flex flex-col gap-2">
          <Label htmlFor="shown-api-key">{t('accessKit.keyOnce.label')}</Label>
          <div className="flex gap-2">
            <Input
              id="shown-api-key"
              readOnly
              value={apiKey.key}
              spellCheck={false}
              className="font-mono text-sm"
              onFocus={(event) => event.currentTarget.select()}
            />
            {hydrated ? (
              <Button type="button" variant="outline" onClick={copy}>
                <Copy aria-hidden />
                {copied ? t('accessKit.keyOnce.copied') : t('accessKit.keyOnce.copy')}
              </Button>
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground [overflow-wrap:anywhere]">
            {t('accessKit.keyOnce.masked', { masked: apiKey.maskedKey })}
          </p>
        </div>
        <p role="status" className="sr-only">
          {copied ? t('accessKit.keyOnce.copied') : ''}
        </p>
        <DialogFooter>
          <Button asChild>
            <Link to={closeTo} replace preventScrollReset>
              {t('accessKit.keyOnce.done')}
            </Link>
          </Button>
        </DialogFooter>
      </div>
    </UrlDialog>
  )
}
