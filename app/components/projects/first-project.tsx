import { Link } from '@remix-run/react'
import { FolderPlus, Upload } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button.tsx'

/**
 * The first step of an empty portfolio: create a project, then upload its BOM on the project's
 * Components tab. Readers who may do neither learn whom to ask.
 */
export function FirstProjectPrompt({
  canCreate,
  canUpload,
  createTo,
}: {
  canCreate: boolean
  canUpload: boolean
  /** Where "Create a project" leads: the project list with its create dialog open. */
  createTo: string
}) {
  const { t } = useTranslation()
  return (
    <section
      aria-labelledby="first-project-heading"
      className="flex flex-col items-center gap-3 rounded-lg border border-dashed p-8 text-center"
    >
      <FolderPlus aria-hidden className="size-8 text-muted-foreground" />
      <h2 id="first-project-heading" className="text-lg font-semibold">
        {t('firstProject.title')}
      </h2>
      <p className="max-w-prose text-sm text-muted-foreground">
        {canCreate
          ? t('firstProject.createHint')
          : canUpload
            ? t('firstProject.uploadHint')
            : t('firstProject.askHint')}
      </p>
      {canCreate ? (
        <Button asChild>
          <Link to={createTo} preventScrollReset>
            <FolderPlus aria-hidden />
            {t('firstProject.create')}
          </Link>
        </Button>
      ) : null}
      {canCreate && canUpload ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Upload aria-hidden className="size-4" />
          {t('firstProject.thenUpload')}
        </p>
      ) : null}
    </section>
  )
}
