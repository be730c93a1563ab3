import { Pencil, Trash2 } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { cellClass, headerCellClass } from '~/components/list-kit/list-table.tsx'
import { Button } from '~/components/ui/button.tsx'
import { formatDate } from '~/utils/date.ts'
import {
  affectedKey,
  affectedLabel,
  type AffectedEntry,
  type AffectedInput,
  type Attribution,
} from '../affected.ts'
import { SourceLabel } from '../labels.tsx'
import { AddAffected } from './add-affected.tsx'

const BOUND_FIELDS = [
  'version',
  'versionStartIncluding',
  'versionStartExcluding',
  'versionEndIncluding',
  'versionEndExcluding',
] as const

/**
 * The Affected Components tab: the list (which source reported each entry, first and last
 * seen) and, when editable, an Add form. Every row travels with the form as hidden fields.
 */
export function AffectedTab({
  affected,
  newAffected,
  attributions,
  editable,
  errors,
}: {
  affected: AffectedEntry[]
  newAffected: AffectedInput
  attributions: Record<string, Attribution[]>
  editable: boolean
  errors: string[] | undefined
}) {
  const { t, i18n } = useTranslation()
  const when = (value?: number) => (value ? formatDate(value, i18n.language) : '')
  return (
    <div className="flex flex-col gap-5">
      {affected.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-4 text-center text-sm text-muted-foreground">
          {t('vulnerabilities.affected.none')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-md border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('vulnerabilities.editor.tabs.affected')}</caption>
            <thead className="bg-muted/60 text-xs uppercase tracking-wide text-muted-foreground">
              <tr>
                <th scope="col" className={headerCellClass}>
                  {t('vulnerabilities.affected.component')}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t('vulnerabilities.affected.reportedBy')}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t('vulnerabilities.affected.firstSeen')}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t('vulnerabilities.affected.lastSeen')}
                </th>
                {editable ? (
                  <th scope="col" className={headerCellClass}>
                    <span className="sr-only">{t('vulnerabilities.affected.actions')}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {affected.map((entry, index) => {
                const seen = attributions[affectedKey(entry)] ?? []
                const label = affectedLabel(entry)
                return (
                  <tr key={`${affectedKey(entry)}-${index}`} className="border-t align-top">
                    <td className={`${cellClass} min-w-[14rem] break-all font-mono text-xs`}>
                      <HiddenEntry entry={entry} index={index} />
                      {label}
                    </td>
                    <td className={cellClass}>
                      <span className="flex flex-wrap gap-1">
                        {seen.map((attribution, position) => (
                          <SourceLabel key={position} source={attribution.source ?? 'UNKNOWN'} />
                        ))}
                      </span>
                    </td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {when(earliest(seen.map((attribution) => attribution.firstSeen)))}
                    </td>
                    <td className={`${cellClass} whitespace-nowrap`}>
                      {when(latest(seen.map((attribution) => attribution.lastSeen)))}
                    </td>
                    {editable ? (
                      <td className={`${cellClass} whitespace-nowrap text-right`}>
                        <Button
                          type="submit"
                          name="intent"
                          value={`editAffected:${index}`}
                          variant="ghost"
                          size="sm"
                          formNoValidate
                        >
                          <Pencil aria-hidden />
                          <span className="sr-only">
                            {t('vulnerabilities.affected.edit', { name: label })}
                          </span>
                        </Button>
                        <Button
                          type="submit"
                          name="intent"
                          value={`removeAffected:${index}`}
                          variant="ghost"
                          size="sm"
                          formNoValidate
                        >
                          <Trash2 aria-hidden />
                          <span className="sr-only">
                            {t('vulnerabilities.affected.remove', { name: label })}
                          </span>
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
      {editable ? <AddAffected input={newAffected} errors={errors} /> : null}
    </div>
  )
}

const known = (values: Array<number | undefined>) =>
  values.filter((value): value is number => typeof value === 'number')
const earliest = (values: Array<number | undefined>) =>
  known(values).length > 0 ? Math.min(...known(values)) : undefined
const latest = (values: Array<number | undefined>) =>
  known(values).length > 0 ? Math.max(...known(values)) : undefined

function HiddenEntry({ entry, index }: { entry: AffectedEntry; index: number }) {
  const name = (field: string) => `affected[${index}].${field}`
  return (
    <>
      <input type="hidden" name={name('identityType')} value={entry.identityType} />
      <input type="hidden" name={name('identity')} value={entry.identity} />
      <input type="hidden" name={name('versionType')} value={entry.versionType} />
      {BOUND_FIELDS.map((field) =>
        entry[field] ? (
          <input key={field} type="hidden" name={name(field)} value={entry[field]} />
        ) : null,
      )}
    </>
  )
}
