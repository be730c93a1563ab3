import { Form, Link } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Button } from '~/components/ui/button.tsx'

/** The confirmation step of a delete: what goes, what goes with it, Cancel or Delete. */
export function ConfirmDeleteDialog({
  title,
  message,
  consequence,
  confirmLabel,
  closeTo,
  action,
}: {
  title: string
  message: string
  /** What else the delete removes, when anything. */
  consequence?: string
  confirmLabel: string
  closeTo: string
  /** The address that handles the post (the page without the dialog parameter). */
  action: string
}) {
  const { t } = useTranslation()
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <Form method="post" action={action} className="flex flex-col gap-4">
        <p>{message}</p>
        {consequence ? <p className="text-sm text-muted-foreground">{consequence}</p> : null}
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link to={closeTo} replace preventScrollReset>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" name="intent" value="delete" variant="destructive">
            <Trash2 aria-hidden />
            {confirmLabel}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
