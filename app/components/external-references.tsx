import { useTranslation } from 'react-i18next'
import { safeExternalHref } from '~/utils/safe-link.ts'
import { EXTERNAL_REFERENCE_TYPES } from '../../common/dt-vocabulary.ts'

/** A link for web and mail addresses; other schemes (javascript:, data:) are shown as text. */
export function ExternalLink({ url }: { url: string }) {
  const href = safeExternalHref(url)
  if (!href) return <span className="break-all">{url}</span>
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="break-all text-primary underline-offset-4 hover:underline"
    >
      {url}
    </a>
  )
}

/** The contract's external reference types, each with a translated name. */
export const REFERENCE_TYPES = EXTERNAL_REFERENCE_TYPES

/** Locale keys use hyphens only: Dependency-Track writes `model_card`, CycloneDX `model-card`. */
const labelKey = (token: string) => `externalReferences.types.${token.replaceAll('_', '-')}`

/** A reference type in the reader's language; a token CycloneDX does not define, as it is. */
export function referenceTypeLabel(type: string | undefined, t: (key: string) => string) {
  if (!type) return ''
  const token = type.toLowerCase()
  const known = (REFERENCE_TYPES as readonly string[]).includes(token) || token === 'model-card'
  return known ? t(labelKey(token)) : type
}

export interface ExternalReference {
  type?: string | null
  url?: string | null
  comment?: string | null
}

/** The External References table of the project, component and service details. */
export function ExternalReferencesTable({ references }: { references: ExternalReference[] }) {
  const { t } = useTranslation()
  if (references.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('externalReferences.none')}</p>
  }
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('externalReferences.title')}</caption>
        <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('externalReferences.url')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('externalReferences.type')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('externalReferences.comment')}
            </th>
          </tr>
        </thead>
        <tbody>
          {references.map((reference, index) => (
            <tr key={`${reference.url}-${index}`} className="border-t">
              <td className="px-3 py-2">
                {reference.url ? <ExternalLink url={reference.url} /> : null}
              </td>
              <td className="px-3 py-2">{referenceTypeLabel(reference.type ?? undefined, t)}</td>
              <td className="px-3 py-2">{reference.comment}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
