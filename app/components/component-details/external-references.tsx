import { useTranslation } from 'react-i18next'

/** The CycloneDX token as 4.13 shows it: bom/poam/vcs upper-case, others capitalised. */
export function referenceTypeLabel(type: string | undefined) {
  if (!type) return ''
  if (['bom', 'poam', 'vcs'].includes(type)) return type.toUpperCase()
  return type.charAt(0).toUpperCase() + type.slice(1)
}

const isWebLink = (url: string) => /^(https?|ftp):\/\//i.test(url)

export function ExternalReferencesTable({
  references,
}: {
  references: Array<{ type?: string; url?: string; comment?: string }>
}) {
  const { t } = useTranslation()
  if (references.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('componentDetails.references.none')}</p>
  }
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('componentDetails.references.title')}</caption>
        <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('componentDetails.references.url')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('componentDetails.references.type')}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t('componentDetails.references.comment')}
            </th>
          </tr>
        </thead>
        <tbody>
          {references.map((reference, index) => (
            <tr key={`${reference.url}-${index}`} className="border-t">
              <td className="break-all px-3 py-2">
                {reference.url && isWebLink(reference.url) ? (
                  <a
                    href={reference.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="text-primary hover:underline"
                  >
                    {reference.url}
                  </a>
                ) : (
                  reference.url
                )}
              </td>
              <td className="px-3 py-2">{referenceTypeLabel(reference.type)}</td>
              <td className="px-3 py-2">{reference.comment}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
