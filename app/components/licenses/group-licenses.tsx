import { Form, Link } from '@remix-run/react'
import { Plus, X } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import type { LicenseGroup } from '~/api/licenses.server.ts'
import { cellClass, EmptyList, ListTable } from '~/components/list-kit/list-table.tsx'
import { Button } from '~/components/ui/button.tsx'
import { licensePath } from './paths.ts'

/** The licenses of a group by name, each with its Remove button, and the way to add more. */
export function GroupLicenses({ group, addTo }: { group: LicenseGroup; addTo: string }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby="group-licenses-title" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="group-licenses-title" className="text-lg font-semibold">
          {t('licenseGroups.group.licensesTitle')}
        </h3>
        <Button asChild variant="outline">
          <Link to={addTo} preventScrollReset>
            <Plus aria-hidden />
            {t('licenseGroups.picker.open')}
          </Link>
        </Button>
      </div>
      {group.licenses.length === 0 ? (
        <EmptyList>{t('licenseGroups.group.noLicenses')}</EmptyList>
      ) : (
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="remove" />
          <ListTable
            caption={t('licenseGroups.group.licensesCaption', { name: group.name })}
            columns={[
              { key: 'name', label: t('licenses.columns.name') },
              { key: 'licenseId', label: t('licenses.columns.licenseId') },
              {
                key: 'remove',
                label: t('licenseGroups.group.actions'),
                className: 'text-right',
              },
            ]}
          >
            {group.licenses.map((license) => (
              <tr key={license.uuid} className="border-t">
                <td className={cellClass}>
                  <Link
                    to={licensePath(license.licenseId)}
                    className="text-primary hover:underline"
                  >
                    {license.name}
                  </Link>
                </td>
                <td className={`${cellClass} font-mono text-xs [overflow-wrap:anywhere]`}>
                  {license.licenseId}
                </td>
                <td className={`${cellClass} text-right`}>
                  <Button
                    type="submit"
                    name="remove"
                    value={license.uuid}
                    variant="ghost"
                    size="sm"
                    aria-label={t('licenseGroups.group.remove', { name: license.name })}
                  >
                    <X aria-hidden />
                    <span aria-hidden>{t('licenseGroups.group.removeShort')}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </ListTable>
        </Form>
      )}
    </section>
  )
}
