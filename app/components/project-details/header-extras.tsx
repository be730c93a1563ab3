import { Link, useLocation, useRevalidator } from '@remix-run/react'
import { CheckCircle2, ChevronDown, Loader2, TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { dialogUrl } from './dialog-url.ts'
import {
  ExternalLink,
  referenceTypeLabel,
  type ExternalReference,
} from '~/components/external-references.tsx'

/** The header's external references as a native disclosure, so it opens without JavaScript. */
export function ExternalReferencesMenu({ references }: { references: ExternalReference[] }) {
  const { t } = useTranslation()
  const linked = references.filter((reference) => reference.url)
  if (linked.length === 0) return null
  return (
    <details className="group relative">
      <summary className="inline-flex cursor-pointer list-none items-center gap-1 rounded-md text-sm font-medium text-primary hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {t('projectDetails.externalReferences', { count: linked.length })}
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <ul className="absolute left-0 z-30 mt-2 flex w-max max-w-[min(90vw,32rem)] flex-col gap-2 rounded-md border bg-popover p-3 text-sm text-popover-foreground shadow-lg">
        {linked.map((reference, index) => (
          <li key={index} className="flex flex-col">
            <span className="text-xs uppercase text-muted-foreground">
              {referenceTypeLabel(reference.type ?? 'other', t)}
            </span>
            <ExternalLink url={reference.url!} />
          </li>
        ))}
      </ul>
    </details>
  )
}

export interface CloneStatus {
  version: string
  processing: boolean
  createdUuid?: string
}

/** Follows an Add Version clone until the new version exists, then links to it. */
export function CloneStatusBanner({ clone }: { clone: CloneStatus }) {
  const { t } = useTranslation()
  const location = useLocation()
  const revalidator = useRevalidator()
  const dismiss = dialogUrl(location.pathname, location.search, {})

  useEffect(() => {
    if (!clone.processing) return
    const timer = setTimeout(() => revalidator.revalidate(), 1500)
    return () => clearTimeout(timer)
  }, [clone.processing, revalidator])

  if (clone.processing) {
    return (
      <p
        role="status"
        className="flex flex-wrap items-center gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm"
      >
        <Loader2 aria-hidden className="size-4 animate-spin" />
        {t('projectDetails.addVersion.processing', { version: clone.version })}
        <noscript>
          <Link to={`${location.pathname}${location.search}`} className="text-primary underline">
            {t('projectDetails.addVersion.refresh')}
          </Link>
        </noscript>
      </p>
    )
  }
  if (clone.createdUuid) {
    return (
      <p
        role="status"
        className="flex flex-wrap items-center gap-2 rounded-lg border border-primary/40 bg-primary/5 p-3 text-sm"
      >
        <CheckCircle2 aria-hidden className="size-4 text-primary" />
        {t('projectDetails.addVersion.done', { version: clone.version })}
        <Link to={`/projects/${clone.createdUuid}`} className="font-medium text-primary underline">
          {t('projectDetails.addVersion.openVersion', { version: clone.version })}
        </Link>
        <Link to={dismiss} replace className="ml-auto text-muted-foreground underline">
          {t('projectDetails.addVersion.dismiss')}
        </Link>
      </p>
    )
  }
  return (
    <p
      role="status"
      className="flex flex-wrap items-center gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
    >
      <TriangleAlert aria-hidden className="size-4 text-destructive" />
      {t('projectDetails.addVersion.missing', { version: clone.version })}
      <Link to={dismiss} replace className="ml-auto text-muted-foreground underline">
        {t('projectDetails.addVersion.dismiss')}
      </Link>
    </p>
  )
}
