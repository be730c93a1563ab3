import { Form, Link } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Button } from '~/components/ui/button.tsx'

/**
 * Asks before the ticked policies are deleted, naming each. Its own form carries exactly the
 * policies it lists, so what is confirmed is what is deleted.
 */
export function BulkDeleteConfirm({
  policies,
  closeTo,
}: {
  policies: Array<{ uuid: string; name: string }>
  closeTo: string
}) {
  const { t } = useTranslation()
  return (
    <UrlDialog
      title={t('policies.bulk.confirm.title', { number: policies.length })}
      closeTo={closeTo}
    >
      <Form method="post" className="flex flex-col gap-4">
        {policies.map((policy) => (
          <input key={policy.uuid} type="hidden" name="policy" value={policy.uuid} />
        ))}
        <p>{t('policies.bulk.confirm.body')}</p>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          {policies.map((policy) => (
            <li key={policy.uuid} className="break-words font-medium">
              {policy.name}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to={closeTo} preventScrollReset replace>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" name="intent" value="confirmDelete" variant="destructive">
            <Trash2 aria-hidden />
            {t('policies.bulk.confirm.submit')}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
