import { Form } from '@remix-run/react'
import { Plus, RefreshCw, Save } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '~/components/ui/button.tsx'
import { useIsPending } from '~/utils/misc.ts'
import { valueInputOf, type ConditionRow } from './condition-draft.ts'
import { ConditionRowFields } from './condition-row.tsx'
import { LicenseOptions, fieldId, type ConditionCatalog } from './condition-field.tsx'

/** What the server sends for the editor (ConditionsEditor in __policy-conditions.server.ts). */
export interface ConditionsEditorView {
  revision: string
  rows: ConditionRow[]
  errors: Record<string, string[]>
}

const FIELD_ERROR = /^conditions\[(\d+)\]\.(\w+)$/

/** The input a problem's link leads to: the first input of the row's value. */
function targetOf(row: ConditionRow | undefined, field: string, index: number) {
  if (field !== 'value') return fieldId(index, field)
  const first = { coordinates: 'group', hash: 'hash', versionDistance: 'epoch' } as const
  const input = valueInputOf(row?.subject)
  return fieldId(index, input in first ? first[input as keyof typeof first] : 'value')
}

/** Following a problem's link puts the caret in its input (a fragment alone only scrolls). */
function focusTarget(event: React.MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(event.currentTarget.hash.slice(1))
  if (!target) return
  event.preventDefault()
  target.focus()
  target.scrollIntoView({ block: 'center' })
}

/**
 * Every problem of a refused save, each linking to its input: nothing was saved, and the reader
 * sees all that stands in the way at once.
 */
function ConditionProblems({ view }: { view: ConditionsEditorView }) {
  const { t } = useTranslation()
  const summary = useRef<HTMLDivElement>(null)
  const entries = Object.entries(view.errors)
  useEffect(() => {
    if (entries.length > 0) summary.current?.focus()
  }, [view.revision, entries.length])
  if (entries.length === 0) return null
  const items = entries.flatMap(
    ([path, keys]): Array<{ key: string; text: string; href?: string }> => {
      const match = FIELD_ERROR.exec(path)
      if (!match) return keys.map((key) => ({ key: `${path}-${key}`, text: t(key) }))
      const index = Number(match[1])
      const row = view.rows[index]
      const subject = row?.subject ? t(`policyCondition.subjects.${row.subject}`) : undefined
      return keys.map((key) => ({
        key: `${path}-${key}`,
        href: `#${targetOf(row, match[2]!, index)}`,
        text: t('policyCondition.problemLine', {
          number: index + 1,
          subject: subject ?? t('policyCondition.noSubject'),
          problem: t(key),
        }),
      }))
    },
  )
  return (
    <div
      ref={summary}
      tabIndex={-1}
      role="alert"
      aria-labelledby="condition-problems-title"
      className="flex flex-col gap-2 rounded-md border border-destructive bg-destructive/10 p-4 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <p id="condition-problems-title" className="font-semibold">
        {t('policyCondition.problemsTitle', { count: items.length })}
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-5">
        {items.map((item) => (
          <li key={item.key}>
            {item.href ? (
              <a href={item.href} onClick={focusTarget} className="underline underline-offset-2">
                {item.text}
              </a>
            ) : (
              item.text
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * All of a policy's conditions as one form (§16.2): edit any row, fill blank rows to add, tick
 * Remove to delete, and save them together; the server stores all or none.
 */
export function ConditionsEditor({
  view,
  catalog,
}: {
  view: ConditionsEditorView
  catalog: ConditionCatalog
}) {
  const { t } = useTranslation()
  const saving = useIsPending()
  const rowErrors = (index: number) => (field: string) =>
    view.errors[`conditions[${index}].${field}`]
  return (
    <Form method="post" preventScrollReset key={view.revision} className="flex flex-col gap-4">
      {/* Enter in a field saves, as the visible Save button does. */}
      <button type="submit" name="intent" value="saveConditions" hidden tabIndex={-1} />
      <ConditionProblems view={view} />
      <ol className="flex flex-col gap-3">
        {view.rows.map((row, index) => (
          <li key={index}>
            <ConditionRowFields
              index={index}
              row={row}
              errors={rowErrors(index)}
              catalog={catalog}
            />
          </li>
        ))}
      </ol>
      <LicenseOptions licenses={catalog.licenses} />
      <noscript>
        <p className="text-sm text-muted-foreground">{t('policyCondition.noScriptHint')}</p>
      </noscript>
      <div className="flex flex-wrap items-center justify-end gap-2">
        <noscript>
          <Button type="submit" name="intent" value="redraw" variant="outline" formNoValidate>
            <RefreshCw aria-hidden />
            {t('policyCondition.redraw')}
          </Button>
        </noscript>
        <Button type="submit" name="intent" value="addRows" variant="outline" formNoValidate>
          <Plus aria-hidden />
          {t('policyCondition.moreRows')}
        </Button>
        <Button type="submit" name="intent" value="saveConditions" disabled={saving}>
          <Save aria-hidden />
          {t('policyCondition.save')}
        </Button>
      </div>
    </Form>
  )
}
