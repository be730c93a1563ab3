import { Link } from '@remix-run/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { ConciseLicense } from '~/api/licenses.server.ts'
import { licensePath } from './paths.ts'

/**
 * The license whose SPDX id is what was searched for, above the results (where name matches
 * may bury it). `control` puts a checkbox in front of it, in the picker.
 */
export function ExactMatch({ license, control }: { license: ConciseLicense; control?: ReactNode }) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-primary/40 bg-primary/5 px-3 py-2 text-sm">
      {control}
      <span className="text-muted-foreground">{t('licenses.list.exactMatch')}</span>
      <Link
        to={licensePath(license.licenseId)}
        className="font-medium text-primary hover:underline"
      >
        {license.name}
      </Link>
      <code className="text-xs">{license.licenseId}</code>
    </div>
  )
}
