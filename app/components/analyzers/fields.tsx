import { getInputProps, getSelectProps, type FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Field } from '~/components/forms.tsx'
import { Label } from '~/components/ui/label.tsx'

/** A text field of a settings form, its errors translated. */
export function SettingField({
  field,
  label,
  type = 'text',
  hint,
  required,
}: {
  field: FieldMetadata<string | undefined>
  label: string
  type?: 'text' | 'url' | 'email'
  hint?: string
  required?: boolean
}) {
  const { t } = useTranslation()
  return (
    <Field
      labelProps={{ children: required ? `${label} *` : label }}
      inputProps={{ ...getInputProps(field, { type }), required: undefined }}
      hint={hint}
      errors={field.errors?.map((error) => t(error))}
    />
  )
}

/**
 * A secret (token, password): never shown, not even masked. Empty keeps the stored one, which the
 * hint says when there is one.
 */
export function SecretField({
  field,
  label,
  stored,
  hint,
  required,
}: {
  field: FieldMetadata<string | undefined>
  label: string
  stored: boolean
  hint?: string
  required?: boolean
}) {
  const { t } = useTranslation()
  const { key, ...props } = getInputProps(field, { type: 'password' })
  return (
    <Field
      key={key}
      labelProps={{ children: required ? `${label} *` : label }}
      inputProps={{ ...props, defaultValue: '', required: undefined, autoComplete: 'new-password' }}
      hint={[stored ? t('analyzers.secretStored') : null, hint].filter(Boolean).join(' ')}
      errors={field.errors?.map((error) => t(error))}
    />
  )
}

/** A native select of a settings form. */
export function SelectField({
  field,
  label,
  options,
}: {
  field: FieldMetadata<string | undefined>
  label: string
  options: readonly { value: string; label: string }[]
}) {
  const { key, ...props } = getSelectProps(field)
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={field.id}>{label}</Label>
      <select
        key={key}
        {...props}
        className="h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
