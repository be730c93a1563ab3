import { getInputProps, type FieldMetadata } from '@conform-to/react'
import { useTranslation } from 'react-i18next'
import { Field } from '~/components/forms.tsx'
import { CheckboxField } from '~/components/vulnerability-sources/source-page.tsx'
import type { RepositoryType } from '../../../common/repository-shapes.ts'

/** The repository types as people know them: the ecosystem and its registry (proper names). */
export const REPOSITORY_TYPE_LABELS: Record<Exclude<RepositoryType, 'UNSUPPORTED'>, string> = {
  COMPOSER: 'PHP (Composer)',
  CPAN: 'Perl (CPAN)',
  GEM: 'Ruby (Gem)',
  GO_MODULES: 'Go Modules',
  CARGO: 'Rust (Cargo)',
  HEX: 'Erlang/Elixir (Hex)',
  MAVEN: 'Java (Maven)',
  NPM: 'JavaScript (npm)',
  NUGET: '.NET (NuGet)',
  PYPI: 'Python (PyPI)',
  GITHUB: 'GitHub',
  HACKAGE: 'Haskell (Hackage)',
  NIXPKGS: 'Nix (Nixpkgs)',
}

type Text = FieldMetadata<string | undefined>

/** The forms' values as text, the way the browser sends them (checkboxes "on"). */
export interface RepositoryFormValues {
  type?: string
  uuid?: string
  identifier?: string
  url?: string
  internal?: string
  authenticationRequired?: string
  username?: string
  password?: string
  enabled?: string
}

export interface SettingsFields {
  url: Text
  internal: Text
  authenticationRequired: Text
  username: Text
  password: Text
  enabled: Text
}

/**
 * URL, the Internal and Authentication required switches, the credentials and Enabled, as the
 * Create dialog and a row's editor both ask them. Username and Password show only while
 * Authentication required is ticked: CSS `:has()` decides, so it works without JavaScript.
 */
export function RepositorySettingsFields({
  fields,
  editing,
}: {
  fields: SettingsFields
  /** In the editor an empty password keeps the stored one. */
  editing: boolean
}) {
  const { t } = useTranslation()
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  return (
    <>
      <Field
        labelProps={{ children: `${t('repositories.fields.url')} *` }}
        inputProps={{ ...getInputProps(fields.url, { type: 'url' }), autoComplete: 'off' }}
        errors={translate(fields.url.errors)}
      />
      <CheckboxField field={fields.internal} label={t('repositories.fields.internal')} />
      <div className="group/auth flex flex-col gap-4">
        <CheckboxField
          field={fields.authenticationRequired}
          label={t('repositories.fields.authenticationRequired')}
        />
        <div className="hidden gap-4 group-has-[input[name=authenticationRequired]:checked]/auth:grid sm:grid-cols-2">
          <Field
            labelProps={{ children: `${t('repositories.fields.username')} *` }}
            inputProps={{
              ...getInputProps(fields.username, { type: 'text' }),
              autoComplete: 'off',
            }}
            errors={translate(fields.username.errors)}
          />
          <Field
            labelProps={{
              children: editing
                ? t('repositories.fields.password')
                : `${t('repositories.fields.password')} *`,
            }}
            inputProps={{
              ...getInputProps(fields.password, { type: 'password' }),
              defaultValue: undefined,
              autoComplete: 'new-password',
            }}
            hint={editing ? t('repositories.fields.passwordKeep') : undefined}
            errors={translate(fields.password.errors)}
          />
        </div>
      </div>
      <CheckboxField field={fields.enabled} label={t('repositories.fields.enabled')} />
    </>
  )
}
