import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { CheckboxField } from '~/components/vulnerability-sources/source-page.tsx'
import { useIsPending } from '~/utils/misc.ts'

type Constraint = Record<string, { required?: boolean; maxLength?: number }>

/**
 * Create User for managed users: username, full name, email, the password twice (checked to
 * match before anything is sent) and 4.13's two switches.
 */
export function CreateManagedUserDialog({
  constraint,
  lastResult,
  closeTo,
}: {
  constraint: Constraint
  lastResult: SubmissionResult<string[]> | undefined
  closeTo: string
}) {
  const { t } = useTranslation()
  const pending = useIsPending()
  const [form, fields] = useForm<Record<string, string>>({
    id: 'create-managed-user',
    constraint,
    lastResult,
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  const text = (name: string, label: string, type: 'text' | 'email' | 'password' = 'text') => (
    <Field
      labelProps={{ children: label }}
      inputProps={{
        ...getInputProps(fields[name]!, { type }),
        autoComplete: type === 'password' ? 'new-password' : 'off',
      }}
      errors={translate(fields[name]!.errors)}
    />
  )
  return (
    <UrlDialog title={t('userAdmin.create.title')} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        {text('username', t('userAdmin.fields.username'))}
        {text('fullname', t('userAdmin.fields.fullname'))}
        {text('email', t('userAdmin.fields.email'), 'email')}
        <p className="text-sm text-muted-foreground">{t('userAdmin.create.passwordRules')}</p>
        {text('newPassword', t('userAdmin.fields.password'), 'password')}
        {text('confirmPassword', t('userAdmin.fields.confirmPassword'), 'password')}
        <CheckboxField
          field={fields.forcePasswordChange!}
          label={t('userAdmin.fields.forcePasswordChange')}
          hint={t('userAdmin.fields.forcePasswordChangeHint')}
        />
        <CheckboxField
          field={fields.nonExpiryPassword!}
          label={t('userAdmin.fields.nonExpiryPassword')}
        />
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
        <DialogFooter>
          <Button type="submit" disabled={pending}>
            {t('userAdmin.create.submit')}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}

/**
 * Create User for LDAP and OpenID Connect users: only the username; the directory fills in
 * the rest at synchronisation, the identity provider at first sign-in.
 */
export function CreateExternalUserDialog({
  title,
  hint,
  constraint,
  lastResult,
  closeTo,
}: {
  title: string
  hint: string
  constraint: Constraint
  lastResult: SubmissionResult<string[]> | undefined
  closeTo: string
}) {
  const { t } = useTranslation()
  const pending = useIsPending()
  const [form, fields] = useForm<{ username: string }>({
    id: 'create-external-user',
    constraint,
    lastResult,
  })
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="create" />
        <Field
          labelProps={{ children: t('userAdmin.fields.username') }}
          inputProps={{ ...getInputProps(fields.username, { type: 'text' }), autoComplete: 'off' }}
          errors={fields.username.errors?.map((error) => t(error))}
          hint={hint}
        />
        <FormErrorAlert id={form.errorId} errors={form.errors?.map((error) => t(error))} />
        <DialogFooter>
          <Button type="submit" disabled={pending}>
            {t('userAdmin.create.submit')}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
