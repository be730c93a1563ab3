import {
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
} from '@conform-to/react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { ErrorList, Field } from '~/components/forms.tsx'
import { Label } from '~/components/ui/label.tsx'
import { CLASSIFIERS } from '~/utils/portfolio.ts'
import { FormTabs, type FormTab } from './form-tabs.tsx'

export const selectClass =
  'h-10 w-full rounded-md border border-input bg-background px-3 text-sm disabled:opacity-70'
export const textareaClass =
  'rounded-md border border-input bg-background px-3 py-2 text-sm read-only:bg-muted/40'

type Fields = Record<string, FieldMetadata<string | undefined> | undefined>

/** Our own messages are translation keys; the API's explanations are shown as they come. */
export function translateErrors(t: TFunction, errors: string[] | undefined) {
  return errors?.map((error) =>
    /^(validation|componentDetails)\.[\w.]+$/.test(error) ? t(error) : error,
  )
}

const TABS = {
  identity: ['name', 'version', 'group', 'author', 'purl', 'cpe', 'swidTagId'],
  extended: ['classifier', 'filename', 'description'],
  legal: ['license', 'licenseExpression', 'licenseUrl', 'copyright'],
  hashes: ['md5', 'sha1', 'sha256', 'sha384', 'sha512', 'sha3_256', 'sha3_384', 'sha3_512'],
  notes: ['notes'],
} as const

const HASH_LABELS: Record<(typeof TABS.hashes)[number], string> = {
  md5: 'MD5',
  sha1: 'SHA-1',
  sha256: 'SHA-256',
  sha384: 'SHA-384',
  sha512: 'SHA-512',
  sha3_256: 'SHA3-256',
  sha3_384: 'SHA3-384',
  sha3_512: 'SHA3-512',
}

/**
 * The component form of the Add Component and Component Details dialogs, in the 4.13 tabs.
 * `extra` adds read-only tabs (supplier, external references) and facts to the identity tab.
 */
export function ComponentFields({
  fields,
  readOnly = false,
  identityExtra,
  extraTabs = [],
}: {
  fields: Fields
  readOnly?: boolean
  identityExtra?: React.ReactNode
  extraTabs?: FormTab[]
}) {
  const { t } = useTranslation()
  const text = (name: string, label: string, options: { wide?: boolean; hint?: string } = {}) => {
    const field = fields[name]!
    return (
      <Field
        key={name}
        className={options.wide ? 'flex flex-col gap-2 sm:col-span-2' : 'flex flex-col gap-2'}
        labelProps={{ children: label }}
        inputProps={{ ...getInputProps(field, { type: 'text' }), readOnly }}
        errors={translateErrors(t, field.errors)}
        hint={options.hint}
      />
    )
  }
  const area = (name: string, label: string, rows: number) => {
    const field = fields[name]!
    const errorId = field.errors?.length ? `${field.id}-error` : undefined
    return (
      <div key={name} className="flex flex-col gap-2 sm:col-span-2">
        <Label htmlFor={field.id}>{label}</Label>
        <textarea
          {...getTextareaProps(field, { ariaAttributes: false })}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          rows={rows}
          readOnly={readOnly}
          className={textareaClass}
        />
        <ErrorList id={errorId} errors={translateErrors(t, field.errors)} />
      </div>
    )
  }
  const invalid = (names: readonly string[]) =>
    names.some((name) => Boolean(fields[name]?.errors?.length))
  const classifier = fields.classifier!
  const label = (key: string) => t(`componentDetails.fields.${key}`)

  const tabs: FormTab[] = [
    {
      id: 'identity',
      label: t('componentDetails.tabs.identity'),
      invalid: invalid(TABS.identity),
      content: (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('name', label('name'), { wide: true })}
          {text('version', label('version'))}
          {text('group', label('group'))}
          {identityExtra}
          {text('author', label('author'), { wide: true })}
          {text('purl', label('purl'), { wide: true })}
          {text('cpe', label('cpe'), { wide: true })}
          {text('swidTagId', label('swidTagId'), { wide: true })}
        </div>
      ),
    },
    {
      id: 'extended',
      label: t('componentDetails.tabs.extended'),
      invalid: invalid(TABS.extended),
      content: (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={classifier.id}>{label('classifier')}</Label>
            <select {...getSelectProps(classifier)} disabled={readOnly} className={selectClass}>
              {CLASSIFIERS.map((value) => (
                <option key={value} value={value}>
                  {t(`classifier.${value}`)}
                </option>
              ))}
            </select>
            {readOnly ? (
              <input type="hidden" name={classifier.name} value={classifier.initialValue} />
            ) : null}
          </div>
          {text('filename', label('filename'))}
          {area('description', label('description'), 3)}
        </div>
      ),
    },
    {
      id: 'legal',
      label: t('componentDetails.tabs.legal'),
      invalid: invalid(TABS.legal),
      content: (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('license', label('license'), { hint: t('componentDetails.hints.license') })}
          {text('licenseExpression', label('licenseExpression'), {
            hint: t('componentDetails.hints.licenseExpression'),
          })}
          {text('licenseUrl', label('licenseUrl'), { wide: true })}
          {area('copyright', label('copyright'), 2)}
        </div>
      ),
    },
    {
      id: 'hashes',
      label: t('componentDetails.tabs.hashes'),
      invalid: invalid(TABS.hashes),
      content: (
        <div className="grid gap-4">{TABS.hashes.map((name) => text(name, HASH_LABELS[name]))}</div>
      ),
    },
    ...extraTabs,
    {
      id: 'notes',
      label: t('componentDetails.tabs.notes'),
      invalid: invalid(TABS.notes),
      content: <div className="grid gap-4">{area('notes', label('notes'), 5)}</div>,
    },
  ]
  return <FormTabs tabs={tabs} label={t('componentDetails.tabs.label')} />
}
