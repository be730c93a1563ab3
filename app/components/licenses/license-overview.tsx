import { useTranslation } from 'react-i18next'
import type { License } from '~/api/licenses.server.ts'
import { FactsSection } from '~/components/facts-section.tsx'
import { safeExternalHref } from '~/utils/safe-link.ts'

/** The Overview tab (§14): name, SPDX id, the four flags, comments and the see-also addresses. */
export function LicenseOverview({ license }: { license: License }) {
  const { t } = useTranslation()
  const flag = (name: 'osi' | 'fsf' | 'deprecated' | 'custom', value: boolean) =>
    t(`licenses.overview.${name}.${value ? 'yes' : 'no'}`)
  const seeAlso = license.seeAlso ?? []
  return (
    <FactsSection
      id="license-overview-title"
      title={t('licenses.tabs.overview')}
      facts={[
        [t('licenses.fields.name'), license.name],
        [t('licenses.fields.licenseId'), <code key="id">{license.licenseId}</code>],
        [t('licenses.fields.osi'), flag('osi', license.isOsiApproved)],
        [t('licenses.fields.fsf'), flag('fsf', license.isFsfLibre)],
        [t('licenses.fields.deprecated'), flag('deprecated', license.isDeprecatedLicenseId)],
        [t('licenses.fields.custom'), flag('custom', license.isCustomLicense)],
        [
          t('licenses.fields.comments'),
          license.licenseComments ? (
            <span key="comments" className="whitespace-pre-wrap">
              {license.licenseComments}
            </span>
          ) : undefined,
        ],
        [
          t('licenses.fields.seeAlso'),
          seeAlso.length > 0 ? (
            <ul key="seeAlso" className="flex flex-col gap-1">
              {seeAlso.map((address) => {
                const href = safeExternalHref(address)
                return (
                  <li key={address}>
                    {href ? (
                      <a
                        href={href}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="text-primary hover:underline"
                      >
                        {address}
                      </a>
                    ) : (
                      address
                    )}
                  </li>
                )
              })}
            </ul>
          ) : undefined,
        ],
      ]}
    />
  )
}
