import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { getPublicProperty, isOidcAvailable } from '~/api/public.server.ts'
import { GeneralErrorBoundary } from '~/components/error-boundary.tsx'
import { Field, FormErrorAlert } from '~/components/forms.tsx'
import { Button } from '~/components/ui/button.tsx'
import { LoginFailure, authenticator, getOptionalToken, startSession } from '~/utils/auth.server.ts'
import { getFixedT } from '~/utils/i18n.server.ts'
import { OIDC_FAILURES, type OidcFailureReason } from '~/utils/oidc.server.ts'
import { useIsPending } from '~/utils/misc.ts'
import { safeRedirect } from '~/utils/redirect.ts'
import { welcomeMessageHtml } from '~/utils/welcome.server.ts'
import { LoginFormSchema } from './__auth-schemas.server.ts'

/** What the sign-in page says after an OpenID Connect attempt failed (`?oidc=<reason>`). */
const OIDC_FAILURE_MESSAGES: Record<OidcFailureReason, string> = {
  denied: 'oidc.signIn.failures.denied',
  expired: 'oidc.signIn.failures.expired',
  provider: 'oidc.signIn.failures.provider',
  unmapped: 'oidc.signIn.failures.unmapped',
  suspended: 'login.suspended',
  refused: 'oidc.signIn.failures.refused',
  unreachable: 'login.unreachable',
  unavailable: 'oidc.signIn.failures.unavailable',
}

const truthy = (value: string | undefined) => /^(true|yes|1)$/i.test(value?.trim() ?? '')

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  if (await getOptionalToken(request, context)) {
    throw redirect(safeRedirect(url.searchParams.get('redirect'), url.origin))
  }
  const [welcomeEnabled, oidcAvailable] = await Promise.all([
    getPublicProperty(context, 'general', 'welcome.message.enabled').catch(() => undefined),
    // As 4.13: the console must know the provider and the API must be able to check its tokens.
    context.oidc ? isOidcAvailable(context).catch(() => false) : false,
  ])
  let welcomeHtml: string | undefined
  if (truthy(welcomeEnabled) && !url.searchParams.has('welcome')) {
    const stored = await getPublicProperty(context, 'general', 'welcome.message.html').catch(
      () => undefined,
    )
    welcomeHtml = welcomeMessageHtml(stored)
  }
  const t = await getFixedT(request, context)
  const oidcFailure = z.enum(OIDC_FAILURES).safeParse(url.searchParams.get('oidc')).data
  return json({
    welcomeHtml,
    oidcAvailable,
    oidcButtonText: context.oidc?.buttonText,
    oidcFailure: oidcFailure ? t(OIDC_FAILURE_MESSAGES[oidcFailure]) : undefined,
    constraint: getZodConstraint(LoginFormSchema),
    title: t('meta.title', { page: t('pages.login') }),
  })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await request.clone().formData()
  const submission = parseWithZod(formData, { schema: LoginFormSchema })
  if (submission.status !== 'success') {
    return json({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 })
  }
  const origin = new URL(request.url).origin
  const redirectTo = safeRedirect(submission.value.redirectTo, origin)
  try {
    const token = await authenticator(context).authenticate('api-password', request)
    return startSession(request, context, token, redirectTo)
  } catch (error) {
    if (!(error instanceof LoginFailure)) throw error
    if (error.cause === 'FORCE_PASSWORD_CHANGE') {
      const params = new URLSearchParams({
        redirect: redirectTo,
        username: submission.value.username,
      })
      return redirect(`/change-password?${params}`)
    }
    const t = await getFixedT(request, context)
    const messages = {
      INVALID_CREDENTIALS: t('login.invalidCredentials'),
      SUSPENDED: t('login.suspended'),
      THROTTLED: t('login.throttled', { seconds: error.retryAfterSeconds ?? 60 }),
      UNREACHABLE: t('login.unreachable'),
    }
    const status = { INVALID_CREDENTIALS: 401, SUSPENDED: 403, THROTTLED: 429, UNREACHABLE: 503 }
    return json(
      {
        result: submission.reply({ formErrors: [messages[error.cause]], hideFields: ['password'] }),
      },
      { status: status[error.cause] },
    )
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Lookout' }]

export default function LoginPage() {
  const { t } = useTranslation()
  const { welcomeHtml, oidcAvailable, oidcButtonText, oidcFailure, constraint } =
    useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const [searchParams] = useSearchParams()
  const isPending = useIsPending()
  const redirectTo = searchParams.get('redirect') ?? ''
  const [form, fields] = useForm<z.input<typeof LoginFormSchema>>({
    id: 'login-form',
    constraint,
    lastResult: actionData?.result,
  })
  const translate = (errors?: string[]) => errors?.map((error) => t(error))

  if (welcomeHtml) {
    const params = new URLSearchParams(searchParams)
    params.set('welcome', 'seen')
    return (
      <div className="flex flex-col gap-6">
        <div
          className="flex flex-col gap-3 [&_a]:text-primary [&_a]:underline [&_h1]:text-2xl [&_h1]:font-semibold [&_h2]:text-xl [&_h2]:font-semibold"
          // Sanitised on the server; only an administrator can set this message.
          dangerouslySetInnerHTML={{ __html: welcomeHtml }}
        />
        <Button asChild className="self-start">
          <Link to={`?${params}`}>{t('login.welcomeContinue')}</Link>
        </Button>
      </div>
    )
  }

  const passwordForm = (
    <Form method="POST" className="flex flex-col gap-4" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field
        labelProps={{ children: t('login.username') }}
        inputProps={{
          ...getInputProps(fields.username, { type: 'text' }),
          autoComplete: 'username',
          autoFocus: true,
        }}
        errors={translate(fields.username.errors)}
      />
      <Field
        labelProps={{ children: t('login.password') }}
        inputProps={{
          ...getInputProps(fields.password, { type: 'password' }),
          autoComplete: 'current-password',
        }}
        errors={translate(fields.password.errors)}
      />
      <FormErrorAlert id={form.errorId} errors={form.errors} />
      <Button type="submit" disabled={isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  )

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('login.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('login.subtitle')}</p>
      </header>
      <FormErrorAlert id="oidc-failure" errors={oidcFailure ? [oidcFailure] : undefined} />
      {oidcAvailable ? (
        <>
          <Button asChild variant="secondary" className="w-full">
            {/* A whole-page navigation: the answer sends the browser on to the provider. */}
            <a
              href={`/auth/oidc${redirectTo ? `?${new URLSearchParams({ redirect: redirectTo })}` : ''}`}
            >
              {oidcButtonText ?? t('login.oidc')}
            </a>
          </Button>
          <details open={Boolean(form.errors?.length) || undefined}>
            <summary className="cursor-pointer text-sm text-primary underline-offset-4 hover:underline">
              {t('login.moreOptions')}
            </summary>
            <div className="pt-4">{passwordForm}</div>
          </details>
        </>
      ) : (
        passwordForm
      )}
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
