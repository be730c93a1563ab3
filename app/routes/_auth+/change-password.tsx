import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { ApiError, ApiUnreachableError, createApiClient } from '~/api/client.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { getFixedT } from '~/utils/i18n.server.ts'
import { useIsPending } from '~/utils/misc.ts'
import { safeRedirect } from '~/utils/redirect.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'
import { ChangePasswordFormSchema } from './__auth-schemas.server.ts'

export async function loader({ request, context }: LoaderFunctionArgs) {
  const t = await getFixedT(request, context)
  const url = new URL(request.url)
  return json({
    constraint: getZodConstraint(ChangePasswordFormSchema),
    title: t('meta.title', { page: t('pages.changePassword') }),
    forced: url.searchParams.has('username'),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.formData()
  const submission = parseWithZod(formData, { schema: ChangePasswordFormSchema })
  const hidden = ['password', 'newPassword', 'confirmPassword']
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields: hidden }) }, { status: 400 })
  }
  const t = await getFixedT(request, context)
  const { username, password, newPassword, confirmPassword, redirectTo } = submission.value
  try {
    await createApiClient(context).send('/v1/user/forceChangePassword', {
      method: 'POST',
      form: { username, password, newPassword, confirmPassword },
    })
  } catch (error) {
    let message = t('login.unreachable')
    if (error instanceof ApiError) {
      const retryAfter = Number(error.headers.get('Retry-After')) || 60
      message =
        error.status === 401
          ? t('changePassword.invalidCredentials')
          : error.status === 403
            ? t('login.suspended')
            : error.status === 406
              ? t('changePassword.notAcceptable')
              : error.status === 429
                ? t('login.throttled', { seconds: retryAfter })
                : message
    } else if (!(error instanceof ApiUnreachableError)) {
      throw error
    }
    const status = error instanceof ApiError ? error.status : 503
    return json(
      { result: submission.reply({ formErrors: [message], hideFields: hidden }) },
      { status },
    )
  }
  const target = safeRedirect(redirectTo, new URL(request.url).origin)
  return redirectWithToast(context, `/login?${new URLSearchParams({ redirect: target })}`, {
    type: 'success',
    title: t('changePassword.success'),
  })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Lookout' }]

export default function ChangePasswordPage() {
  const { t } = useTranslation()
  const { forced, constraint } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const isPending = useIsPending()
  const [form, fields] = useForm<z.input<typeof ChangePasswordFormSchema>>({
    id: 'change-password-form',
    constraint,
    lastResult: actionData?.result,
    defaultValue: { username: searchParams.get('username') ?? '' },
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))
  const redirectTo = searchParams.get('redirect') ?? ''

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('changePassword.title')}</h1>
        <p className="text-sm text-muted-foreground">
          {forced ? t('changePassword.forcedDescription') : t('changePassword.description')}
        </p>
      </header>
      <Form method="POST" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          labelProps={{ children: t('changePassword.username') }}
          inputProps={{
            ...getInputProps(fields.username, { type: 'text' }),
            autoComplete: 'username',
          }}
          errors={translate(fields.username.errors)}
        />
        <Field
          labelProps={{ children: t('changePassword.currentPassword') }}
          inputProps={{
            ...getInputProps(fields.password, { type: 'password' }),
            autoComplete: 'current-password',
            autoFocus: forced,
          }}
          errors={translate(fields.password.errors)}
        />
        <Field
          labelProps={{ children: t('changePassword.newPassword') }}
          inputProps={{
            ...getInputProps(fields.newPassword, { type: 'password' }),
            autoComplete: 'new-password',
          }}
          errors={translate(fields.newPassword.errors)}
        />
        <Field
          labelProps={{ children: t('changePassword.confirmPassword') }}
          inputProps={{
            ...getInputProps(fields.confirmPassword, { type: 'password' }),
            autoComplete: 'new-password',
          }}
          errors={translate(fields.confirmPassword.errors)}
        />
        <FormErrorAlert id={form.errorId} errors={form.errors} />
        <Button type="submit" disabled={isPending} className="w-full">
          {t('changePassword.submit')}
        </Button>
      </Form>
      <Link
        to={`/login${redirectTo ? `?${new URLSearchParams({ redirect: redirectTo })}` : ''}`}
        className="text-sm text-primary underline-offset-4 hover:underline"
      >
        {t('changePassword.backToLogin')}
      </Link>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
