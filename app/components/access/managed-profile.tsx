import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { Form, Link, useFetcher } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { ManagedUser } from '~/api/access.server.ts'
import { DialogFooter, UrlDialog } from '~/components/dialog.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { CheckboxField } from '~/components/vulnerability-sources/source-page.tsx'
import { useIsPending } from '~/utils/misc.ts'
import { AutoSaveForm, type AutoSaveData } from './autosave-form.tsx'

type Constraint = Record<string, { required?: boolean; maxLength?: number }>
type Result = SubmissionResult<string[]> | undefined

/**
 * A managed user's full name, email and the three switches of 4.13's row editor (must change
 * password, password never expires, suspended), saved as they change.
 */
export function ManagedProfileForm({
  user,
  constraint,
  lastResult,
}: {
  user: ManagedUser
  constraint: Constraint
  /** A plain post's refusal (without JavaScript). */
  lastResult: Result
}) {
  const { t } = useTranslation()
  const fetcher = useFetcher<AutoSaveData>({ key: `profile-${user.username}` })
  const [form, fields] = useForm<Record<string, string | undefined>>({
    id: 'managed-profile',
    constraint,
    lastResult: (fetcher.data?.result as Result) ?? lastResult,
    defaultValue: {
      fullname: user.fullname ?? '',
      email: user.email ?? '',
      forcePasswordChange: user.forcePasswordChange ? 'on' : undefined,
      nonExpiryPassword: user.nonExpiryPassword ? 'on' : undefined,
      suspended: user.suspended ? 'on' : undefined,
    },
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  return (
    <section aria-labelledby="profile-title" className="rounded-lg border bg-card p-5">
      <h2 id="profile-title" className="mb-4 text-lg font-semibold">
        {t('userAdmin.profile.title')}
      </h2>
      <AutoSaveForm
        fetcher={fetcher}
        formProps={getFormProps(form)}
        intent="profile"
        saveLabel={t('userAdmin.profile.save')}
        className="flex flex-col gap-4"
      >
        <div className="grid gap-4 md:grid-cols-2">
          <Field
            labelProps={{ children: t('userAdmin.fields.fullname') }}
            inputProps={{
              ...getInputProps(fields.fullname!, { type: 'text' }),
              autoComplete: 'off',
            }}
            errors={translate(fields.fullname!.errors)}
          />
          <Field
            labelProps={{ children: t('userAdmin.fields.email') }}
            inputProps={{ ...getInputProps(fields.email!, { type: 'email' }), autoComplete: 'off' }}
            errors={translate(fields.email!.errors)}
          />
        </div>
        <CheckboxField
          field={fields.forcePasswordChange!}
          label={t('userAdmin.fields.forcePasswordChange')}
          hint={t('userAdmin.fields.forcePasswordChangeHint')}
        />
        <CheckboxField
          field={fields.nonExpiryPassword!}
          label={t('userAdmin.fields.nonExpiryPassword')}
        />
        <CheckboxField
          field={fields.suspended!}
          label={t('userAdmin.fields.suspended')}
          hint={t('userAdmin.fields.suspendedHint')}
        />
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
      </AutoSaveForm>
    </section>
  )
}

/** Change Password: the new password twice; the server checks that they match. */
export function ChangePasswordDialog({
  username,
  constraint,
  lastResult,
  closeTo,
}: {
  username: string
  constraint: Constraint
  lastResult: Result
  closeTo: string
}) {
  const { t } = useTranslation()
  const pending = useIsPending()
  const [form, fields] = useForm<{ newPassword: string; confirmPassword: string }>({
    id: 'change-user-password',
    constraint,
    lastResult,
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  return (
    <UrlDialog title={t('userAdmin.password.title', { username })} closeTo={closeTo}>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="password" />
        <Field
          labelProps={{ children: t('userAdmin.fields.password') }}
          inputProps={{
            ...getInputProps(fields.newPassword, { type: 'password' }),
            autoComplete: 'new-password',
          }}
          errors={translate(fields.newPassword.errors)}
        />
        <Field
          labelProps={{ children: t('userAdmin.fields.confirmPassword') }}
          inputProps={{
            ...getInputProps(fields.confirmPassword, { type: 'password' }),
            autoComplete: 'new-password',
          }}
          errors={translate(fields.confirmPassword.errors)}
        />
        <FormErrorAlert id={form.errorId} errors={translate(form.errors)} />
        <DialogFooter>
          <Button asChild variant="secondary">
            <Link to={closeTo} replace preventScrollReset>
              {t('common.cancel')}
            </Link>
          </Button>
          <Button type="submit" disabled={pending}>
            {t('userAdmin.password.submit')}
          </Button>
        </DialogFooter>
      </Form>
    </UrlDialog>
  )
}
