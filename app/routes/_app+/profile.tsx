import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiError } from '~/api/client.server.ts'
import { CurrentUserSchema } from '~/api/schemas.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { titleMeta } from '~/components/placeholder.tsx'
import { Alert } from '~/components/ui/alert.tsx'
import { Button } from '~/components/ui/button.tsx'
import { serverMessageLines, toastForFailedResponse } from '~/utils/api-errors.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { useIsPending } from '~/utils/misc.ts'
import { createToastHeaders, redirectWithToast } from '~/utils/toast.server.ts'
import { ProfileFormSchema } from './__profile-schema.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, idp } = await requireUser(request, context)
  const t = await getFixedT(request, context)
  return json({
    constraint: getZodConstraint(ProfileFormSchema),
    user: { username: user.username, fullname: user.fullname ?? '', email: user.email ?? '' },
    isLocalUser: idp === 'LOCAL',
    title: t('meta.title', { page: t('pages.profile') }),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { api, idp } = await requireUser(request, context)
  const t = await getFixedT(request, context)
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: ProfileFormSchema })
  const hidden = ['newPassword', 'confirmPassword']
  if (submission.status !== 'success' || idp !== 'LOCAL') {
    return json({ result: submission.reply({ hideFields: hidden }) }, { status: 400 })
  }
  try {
    await api.json(CurrentUserSchema, '/v1/user/self', {
      method: 'POST',
      json: {
        fullname: submission.value.fullname,
        email: submission.value.email,
        newPassword: submission.value.newPassword || undefined,
        confirmPassword: submission.value.confirmPassword || undefined,
      },
    })
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    // Dependency-Track explains profile refusals in a plain sentence; anything else is a toast.
    if (error.status < 500 && error.response.contentType?.startsWith('text/plain')) {
      return json(
        {
          result: submission.reply({
            formErrors: serverMessageLines(error.response.body, t),
            hideFields: hidden,
          }),
        },
        { status: error.status },
      )
    }
    return json(
      { result: submission.reply({ hideFields: hidden }) },
      {
        status: error.status,
        headers: await createToastHeaders(context, toastForFailedResponse(error.response, t)),
      },
    )
  }
  return redirectWithToast(context, '/profile', { type: 'success', title: t('profile.success') })
}

export const meta = titleMeta

export default function ProfileRoute() {
  const { t } = useTranslation()
  const { user, isLocalUser, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const isPending = useIsPending()
  const [form, fields] = useForm<z.input<typeof ProfileFormSchema>>({
    id: 'profile-form',
    constraint,
    lastResult: actionData?.result,
    defaultValue: { fullname: user.fullname, email: user.email },
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))

  return (
    <div className="flex max-w-xl flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('profile.title')}</h1>
        <p className="text-muted-foreground">{t('profile.description')}</p>
      </header>
      {isLocalUser ? (
        <Form method="POST" className="flex flex-col gap-4" {...getFormProps(form)}>
          <Field
            labelProps={{ children: t('profile.fullname') }}
            inputProps={{
              ...getInputProps(fields.fullname, { type: 'text' }),
              autoComplete: 'name',
            }}
            errors={translate(fields.fullname.errors)}
          />
          <Field
            labelProps={{ children: t('profile.email') }}
            inputProps={{
              ...getInputProps(fields.email, { type: 'email' }),
              autoComplete: 'email',
            }}
            errors={translate(fields.email.errors)}
          />
          <Field
            labelProps={{ children: t('profile.newPassword') }}
            inputProps={{
              ...getInputProps(fields.newPassword, { type: 'password' }),
              autoComplete: 'new-password',
            }}
            hint={t('profile.passwordHint')}
            errors={translate(fields.newPassword.errors)}
          />
          <Field
            labelProps={{ children: t('profile.confirmPassword') }}
            inputProps={{
              ...getInputProps(fields.confirmPassword, { type: 'password' }),
              autoComplete: 'new-password',
            }}
            errors={translate(fields.confirmPassword.errors)}
          />
          <FormErrorAlert id={form.errorId} errors={form.errors} />
          <Button type="submit" disabled={isPending} className="self-start">
            {t('profile.submit')}
          </Button>
        </Form>
      ) : (
        <Alert>{t('profile.notManaged')}</Alert>
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
