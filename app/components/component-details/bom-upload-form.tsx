import { Form, Link, useNavigation } from '@remix-run/react'
import { Loader2, Upload } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button.tsx'

/** Seconds between reloads of a page that waits for a BOM to be processed, without JavaScript. */
const REFRESH_SECONDS = 2

/**
 * The Components tab's upload form. While the file is on its way the button says so and cannot
 * be pressed twice; the route remounts the form (its `key`) after a successful upload, which
 * clears the chosen file.
 */
export function BomUploadForm() {
  const { t } = useTranslation()
  const navigation = useNavigation()
  const uploading =
    navigation.state === 'submitting' && navigation.formEncType === 'multipart/form-data'
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      aria-busy={uploading}
      className="flex flex-wrap items-end gap-3 rounded-lg border bg-card p-3"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor="bom-file" className="text-sm font-medium">
          {t('components.upload.label')}
        </label>
        <input
          id="bom-file"
          name="bom"
          type="file"
          accept=".json,.xml,application/json,application/xml,text/xml"
          required
          className="max-w-full text-sm"
        />
      </div>
      <Button type="submit" disabled={uploading}>
        {uploading ? <Loader2 aria-hidden className="animate-spin" /> : <Upload aria-hidden />}
        {uploading ? t('components.upload.uploading') : t('components.upload.submit')}
      </Button>
    </Form>
  )
}

/**
 * "The BOM is being processed". With JavaScript the route revalidates; without it the page
 * reloads itself every few seconds until the processing is done (the notice, and with it the
 * refresh, is gone then).
 */
export function UploadProgress() {
  const { t } = useTranslation()
  return (
    <p
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm"
    >
      <Loader2 aria-hidden className="size-4 animate-spin" />
      {t('components.upload.processing')}
      <noscript>
        <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
        <Link to="" className="text-primary underline">
          {t('components.upload.refresh')}
        </Link>
      </noscript>
    </p>
  )
}
