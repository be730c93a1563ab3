import { Link } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { License } from '~/api/licenses.server.ts'
import { cellClass, ListTable } from '~/components/list-kit/list-table.tsx'
import { FlagCell } from './license-flags.tsx'
import { licensePath } from './paths.ts'

const COLUMNS = [
  { key: 'name', labelKey: 'licenses.columns.name', sort: 'name' },
  { key: 'licenseId', labelKey: 'licenses.columns.licenseId', sort: 'licenseId' },
  { key: 'osi', labelKey: 'licenses.columns.osi', sort: 'osiApproved' },
  { key: 'fsf', labelKey: 'licenses.columns.fsf', sort: 'fsfLibre' },
  {
    key: 'deprecated',
    labelKey: 'licenses.columns.deprecated',
    sort: 'deprecatedLicenseId',
    className: 'hidden md:table-cell',
  },
  {
    key: 'custom',
    labelKey: 'licenses.columns.custom',
    sort: 'customLicense',
    className: 'hidden md:table-cell',
  },
]

/** The 4.13 license list: Name, SPDX License ID, OSI Approved, FSF Libre, Deprecated, Custom. */
export function LicenseTable({ licenses }: { licenses: License[] }) {
  const { t } = useTranslation()
  return (
    <ListTable
      caption={t('pages.licenses')}
      columns={COLUMNS.map(({ labelKey, ...column }) => ({ ...column, label: t(labelKey) }))}
    >
      {licenses.map((license) => (
        <tr key={license.uuid} className="border-t align-top">
          <td className={cellClass}>
            <Link
              to={licensePath(license.licenseId)}
              className="font-medium text-primary hover:underline"
            >
              {license.name}
            </Link>
          </td>
          <td className={`${cellClass} font-mono text-xs [overflow-wrap:anywhere]`}>
            {license.licenseId}
          </td>
          <FlagCell value={license.isOsiApproved} label={t('licenses.columns.osi')} />
          <FlagCell value={license.isFsfLibre} label={t('licenses.columns.fsf')} />
          <FlagCell
            value={license.isDeprecatedLicenseId}
            label={t('licenses.columns.deprecated')}
            className="hidden md:table-cell"
          />
          <FlagCell
            value={license.isCustomLicense}
            label={t('licenses.columns.custom')}
            className="hidden md:table-cell"
          />
        </tr>
      ))}
    </ListTable>
  )
}
