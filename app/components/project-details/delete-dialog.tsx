import { Form, Link, useLocation } from '@remix-run/react'
import { Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Button } from '~/components/ui/button.tsx'
import { dialogUrl } from './dialog-url.ts'

/** The confirmation step before a project and all its descendants are deleted. */
export function DeleteProjectDialog({
  project,
  childCount,
}: {
  project: { uuid: string; name: string; version?: string }
  childCount: number
}) {
  const { t } = useTranslation()
  const location = useLocation()
  const back = dialogUrl(location.pathname, location.search, { details: 'general' })
  const label = project.version ? `${project.name} ${project.version}` : project.name
  return (
    <UrlDialog title={t('projectDetails.delete.title')} closeTo={back}>
      <Form
        method="post"
        action={`/projects/${project.uuid}${location.search}`}
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="returnTo" value={`${location.pathname}${location.search}`} />
        <p>{t('projectDetails.delete.message', { name: label })}</p>
        {childCount > 0 ? (
          <p className="font-medium text-destructive">
            {t('projectDetails.delete.children', { count: childCount })}
          </p>
        ) : null}
        <p className="text-sm text-muted-foreground">{t('projectDetails.delete.irreversible')}</p>
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link to={back} replace preventScrollReset>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" name="intent" value="delete" variant="destructive">
            <Trash2 aria-hidden />
            {t('projectDetails.delete.confirm')}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
