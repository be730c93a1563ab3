import { Plus, RefreshCw, X } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Field } from '~/components/forms.tsx'
import { Identifier } from '~/components/identifier.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Label } from '~/components/ui/label.tsx'
import type { VulnerabilityDraft } from '../draft.ts'
import { AliasLink, SeverityLabel } from '../labels.tsx'
import type { ScoresView } from '../live-scores.ts'
import { cvssSeverity, owaspSeverity, SEVERITIES } from '../severity.ts'
import type { ResolvedAlias } from '../sources.ts'
import { ReadOnlyValue, selectClass, TextAreaField } from './parts.tsx'

export type EditorMode = 'create' | 'update' | 'view'

/** The General tab: id, title, severity (chosen or derived), aliases, CWEs and description. */
export function GeneralTab({
  mode,
  draft,
  errors,
  scores,
  cwes,
  aliases,
  uuid,
}: {
  mode: EditorMode
  draft: VulnerabilityDraft
  errors: (field: string) => string[] | undefined
  scores: ScoresView
  cwes: Array<{ cweId: number; name?: string }>
  aliases?: ResolvedAlias[]
  uuid?: string
}) {
  const { t } = useTranslation()
  const severityId = useId()
  const readOnly = mode === 'view'
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="flex flex-col gap-2 sm:col-span-2">
        <div className="flex items-end gap-2">
          <Field
            className="flex flex-1 flex-col gap-2"
            labelProps={{ children: t('vulnerabilities.fields.vulnId') }}
            inputProps={{
              name: 'vulnId',
              defaultValue: draft.vulnId,
              required: true,
              maxLength: 255,
              readOnly: mode !== 'create',
              className: mode === 'create' ? undefined : 'bg-muted/40',
            }}
            errors={errors('vulnId')}
          />
          {mode === 'create' ? (
            <Button
              type="submit"
              name="intent"
              value="generateId"
              variant="outline"
              formNoValidate
              className={errors('vulnId') ? 'mb-7' : undefined}
            >
              <RefreshCw aria-hidden />
              {t('vulnerabilities.editor.generateId')}
            </Button>
          ) : null}
        </div>
      </div>
      <Field
        className="flex flex-col gap-2 sm:col-span-2"
        labelProps={{ children: t('vulnerabilities.fields.title') }}
        inputProps={{ name: 'title', defaultValue: draft.title, maxLength: 255, readOnly }}
        errors={errors('title')}
      />
      <div className="flex flex-col gap-2">
        <Label htmlFor={severityId}>{t('vulnerabilities.fields.severity')}</Label>
        <select
          id={severityId}
          name="severity"
          defaultValue={draft.severity}
          disabled={readOnly}
          className={selectClass}
        >
          <option value="">{t('vulnerabilities.editor.deriveSeverity')}</option>
          {SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {t(`vulnerabilities.severity.${severity}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-4">
        <ReadOnlyValue label={t('vulnerabilities.fields.cvssSeverity')}>
          <output aria-live="polite">
            <SeverityLabel
              severity={cvssSeverity(scores.cvssV2?.baseScore, scores.cvssV3?.baseScore)}
            />
          </output>
        </ReadOnlyValue>
        <ReadOnlyValue label={t('vulnerabilities.fields.owaspSeverity')}>
          <output aria-live="polite">
            <SeverityLabel severity={owaspSeverity(scores.owasp)} />
          </output>
        </ReadOnlyValue>
      </div>
      {aliases ? (
        <ReadOnlyValue label={t('vulnerabilities.fields.aliases')}>
          {aliases.length > 0 ? (
            <ul className="flex flex-wrap gap-3">
              {aliases.map((alias) => (
                <li key={alias.vulnId} className="flex items-center gap-1.5">
                  <AliasLink alias={alias} />
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-sm text-muted-foreground">
              {t('vulnerabilities.editor.none')}
            </span>
          )}
        </ReadOnlyValue>
      ) : null}
      <CweList cwes={cwes} readOnly={readOnly} />
      <div className="sm:col-span-2">
        <TextAreaField
          label={t('vulnerabilities.fields.description')}
          name="description"
          rows={5}
          defaultValue={draft.description}
          readOnly={readOnly}
          errors={errors('description')}
        />
      </div>
      {uuid ? (
        <ReadOnlyValue label={t('vulnerabilities.fields.uuid')}>
          <Identifier value={uuid} className="text-sm" />
        </ReadOnlyValue>
      ) : null}
    </div>
  )
}

/** The chosen CWEs, each removable, and the button that opens Select CWE. */
function CweList({
  cwes,
  readOnly,
}: {
  cwes: Array<{ cweId: number; name?: string }>
  readOnly: boolean
}) {
  const { t } = useTranslation()
  const headingId = useId()
  return (
    <div className="flex flex-col gap-2 sm:col-span-2" role="group" aria-labelledby={headingId}>
      <div className="flex items-center justify-between gap-2">
        <span id={headingId} className="text-sm font-medium">
          {t('vulnerabilities.fields.cwes')}
        </span>
        {readOnly ? null : (
          <Button
            type="submit"
            name="intent"
            value="pickCwes"
            variant="outline"
            size="sm"
            formNoValidate
          >
            <Plus aria-hidden />
            {t('vulnerabilities.cwe.open')}
          </Button>
        )}
      </div>
      {cwes.length === 0 ? (
        <p className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
          {t('vulnerabilities.cwe.none')}
        </p>
      ) : (
        <ul className="flex flex-col divide-y rounded-md border">
          {cwes.map((cwe, index) => (
            <li
              key={cwe.cweId}
              className="flex items-center justify-between gap-2 px-3 py-1.5 text-sm"
            >
              <input type="hidden" name={`cwes[${index}]`} value={cwe.cweId} />
              <span>
                <span className="font-mono">CWE-{cwe.cweId}</span>
                {cwe.name ? `: ${cwe.name}` : null}
              </span>
              {readOnly ? null : (
                <Button
                  type="submit"
                  name="intent"
                  value={`removeCwe:${cwe.cweId}`}
                  variant="ghost"
                  size="sm"
                  formNoValidate
                >
                  <X aria-hidden />
                  <span className="sr-only">
                    {t('vulnerabilities.cwe.remove', { id: `CWE-${cwe.cweId}` })}
                  </span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
