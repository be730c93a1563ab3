import { Form, Link } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Button } from '~/components/ui/button.tsx'

/**
 * The confirmation step of a delete (or another step that cannot be undone, such as replacing an
 * API key's secret): what goes, what goes with it, Cancel or the action.
 */
export function ConfirmDeleteDialog({
  title,
  message,
  consequence,
  confirmLabel,
  closeTo,
  action,
  intent = 'delete',
  target,
  icon = <Trash2 aria-hidden />,
}: {
  title: string
  message: string
  /** What else the delete removes, when anything. */
  consequence?: string
  confirmLabel: string
  closeTo: string
  /** The address that handles the post (the page without the dialog parameter). */
  action: string
  /** What the post asks for, and what about (posted as `target`). */
  intent?: string
  target?: string
  icon?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <Form method="post" action={action} className="flex flex-col gap-4">
        {target === undefined ? null : <input type="hidden" name="target" value={target} />}
        <p>{message}</p>
        {consequence ? <p className="text-sm text-muted-foreground">{consequence}</p> : null}
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link to={closeTo} replace preventScrollReset>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" name="intent" value={intent} variant="destructive">
            {icon}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
