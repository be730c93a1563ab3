import { Form, Link } from '@remix-run/react'
import { ChevronDown, Download, FileSpreadsheet, Plus, Trash2 } from 'lucide-react'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, buttonVariants } from '~/components/ui/button.tsx'

/** The 4.13 Components tab toolbar: Add, Remove (checked rows), Download BOM and CSV. */
export function ComponentsToolbar({
  projectUuid,
  canManage,
  addTo,
  removeFormId,
}: {
  projectUuid: string
  canManage: boolean
  addTo: string
  removeFormId: string
}) {
  const { t } = useTranslation()
  const menu = useRef<HTMLDetailsElement>(null)
  const base = `/resources/projects/${encodeURIComponent(projectUuid)}`
  const close = () => menu.current?.removeAttribute('open')

  return (
    <div className="flex flex-wrap items-center gap-2">
      {canManage ? (
        <>
          <Button asChild>
            <Link to={addTo} preventScrollReset>
              <Plus aria-hidden />
              {t('componentDetails.add.open')}
            </Link>
          </Button>
          <Form method="post" id={removeFormId}>
            <Button type="submit" variant="outline" name="intent" value="removeComponents">
              <Trash2 aria-hidden />
              {t('componentDetails.remove.submit')}
            </Button>
          </Form>
        </>
      ) : null}
      <details ref={menu} className="relative">
        <summary
          className={buttonVariants({
            variant: 'outline',
            className: 'cursor-pointer list-none [&::-webkit-details-marker]:hidden',
          })}
        >
          <Download aria-hidden />
          {t('componentDetails.download.bom')}
          <ChevronDown aria-hidden />
        </summary>
        <ul className="absolute left-0 z-20 mt-1 flex min-w-[16rem] flex-col rounded-md border bg-popover p-1 text-popover-foreground shadow-md">
          <li>
            <a
              href={`${base}/bom?variant=inventory`}
              download
              onClick={close}
              className="block rounded px-3 py-2 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t('componentDetails.download.inventory')}
            </a>
          </li>
          <li>
            <a
              href={`${base}/bom?variant=withVulnerabilities`}
              download
              onClick={close}
              className="block rounded px-3 py-2 text-sm hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {t('componentDetails.download.withVulnerabilities')}
            </a>
          </li>
        </ul>
      </details>
      <a
        href={`${base}/components-csv`}
        download
        className={buttonVariants({ variant: 'outline' })}
      >
        <FileSpreadsheet aria-hidden />
        {t('componentDetails.download.csv')}
      </a>
    </div>
  )
}
