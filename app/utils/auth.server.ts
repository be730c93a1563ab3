import { redirect, type AppLoadContext } from '@remix-run/node'
import { Authenticator } from 'remix-auth'
import { Strategy } from 'remix-auth/strategy'
import { ApiError, ApiUnreachableError, createApiClient } from '~/api/client.server.ts'
import { CurrentUserSchema, type CurrentUser } from '~/api/schemas.server.ts'
import { getFixedT } from './i18n.server.ts'
import { meetsRequirement, readTokenHints, type PermissionRequirement } from './permissions.ts'
import { getSession, sessionStorageFor } from './session.server.ts'
import { combineHeaders, createToastHeaders, redirectWithToast } from './toast.server.ts'

export type LoginFailureCause =
  'INVALID_CREDENTIALS' | 'SUSPENDED' | 'FORCE_PASSWORD_CHANGE' | 'THROTTLED' | 'UNREACHABLE'

export class LoginFailure extends Error {
  constructor(
    readonly cause: LoginFailureCause,
    readonly retryAfterSeconds?: number,
  ) {
    super(cause)
  }
}

interface Credentials {
  username: string
  password: string
}

/** Signs in against /api/v1/user/login; the verify callback turns the JWT into our session user. */
class ApiPasswordStrategy extends Strategy<string, Credentials> {
  name = 'api-password'

  constructor(
    private readonly context: AppLoadContext,
    verify: Strategy.VerifyFunction<string, Credentials>,
  ) {
    super(verify)
  }

  async authenticate(request: Request): Promise<string> {
    const form = await request.clone().formData()
    const username = String(form.get('username') ?? '')
    const password = String(form.get('password') ?? '')
    return this.verify({ username, password })
  }

  async login({ username, password }: Credentials): Promise<string> {
    const api = createApiClient(this.context)
    try {
      return await api.text('/v1/user/login', { method: 'POST', form: { username, password } })
    } catch (error) {
      if (error instanceof ApiUnreachableError) throw new LoginFailure('UNREACHABLE')
      if (!(error instanceof ApiError)) throw error
      const body = error.response.body.trim()
      if (error.status === 429) {
        throw new LoginFailure('THROTTLED', Number(error.headers.get('Retry-After')) || undefined)
      }
      if (error.status === 403) throw new LoginFailure('SUSPENDED')
      if (error.status === 401 && body === 'FORCE_PASSWORD_CHANGE') {
        throw new LoginFailure('FORCE_PASSWORD_CHANGE')
      }
      if (error.status >= 500) throw new LoginFailure('UNREACHABLE')
      throw new LoginFailure('INVALID_CREDENTIALS')
    }
  }
}

export function authenticator(context: AppLoadContext) {
  const auth = new Authenticator<string>()
  const strategy: ApiPasswordStrategy = new ApiPasswordStrategy(context, (credentials) =>
    strategy.login(credentials),
  )
  auth.use(strategy)
  return auth
}

/** Stores the JWT in the session cookie and goes to the (already validated) target. */
export async function startSession(
  request: Request,
  context: AppLoadContext,
  token: string,
  redirectTo: string,
) {
  const storage = sessionStorageFor(request, context)
  const session = await storage.getSession(request.headers.get('Cookie'))
  session.set('token', token)
  return redirect(redirectTo, { headers: { 'Set-Cookie': await storage.commitSession(session) } })
}

/**
 * Sign-out: Lookout revokes the token so a copy of the cookie stops working too. Dependency-Track
 * has no such endpoint (404) and an unreachable API must not keep anyone signed in, so any
 * failure still ends the console session.
 */
export async function signOut(request: Request, context: AppLoadContext) {
  const token = await getOptionalToken(request, context)
  if (token) {
    await createApiClient(context, token)
      .send('/v1/user/logout', { method: 'POST', accept: [401, 404, 405] })
      .catch(() => undefined)
  }
  return endSession(request, context, '/login')
}

export async function endSession(request: Request, context: AppLoadContext, to = '/login') {
  const storage = sessionStorageFor(request, context)
  const session = await getSession(request, context)
  return redirect(to, { headers: { 'Set-Cookie': await storage.destroySession(session) } })
}

export interface SessionUser {
  user: CurrentUser
  token: string
  permissions: string[]
  idp: string
  api: ReturnType<typeof createApiClient>
}

const validated = new WeakMap<Request, Promise<CurrentUser | undefined>>()

function loginUrl(request: Request) {
  const url = new URL(request.url)
  const target = `${url.pathname}${url.search}`
  return `/login?${new URLSearchParams({ redirect: target })}`
}

/**
 * The guard at the top of every protected loader and action: no session sends the reader to
 * sign in; a missing permission shows "Forbidden (403)" on the dashboard; the token is checked
 * with GET /user/self on every navigation, and a rejected one ends the session.
 */
export async function requireUser(
  request: Request,
  context: AppLoadContext,
  requirement?: PermissionRequirement,
): Promise<SessionUser> {
  const session = await getSession(request, context)
  const token = session.get('token')
  if (typeof token !== 'string' || token === '') throw redirect(loginUrl(request))
  const hints = readTokenHints(token)
  if (!hints) throw await endSession(request, context, loginUrl(request))

  if (!meetsRequirement(hints.permissions, requirement)) {
    const t = await getFixedT(request, context)
    if (new URL(request.url).pathname === '/dashboard') {
      throw new Response(t('errors.forbidden'), { status: 403 })
    }
    throw await redirectWithToast(context, '/dashboard', {
      type: 'error',
      title: t('errors.forbidden'),
    })
  }

  const api = createApiClient(context, token)
  let check = validated.get(request)
  if (!check) {
    check = api.json(CurrentUserSchema, '/v1/user/self').catch((error: unknown) => {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403))
        return undefined
      throw error
    })
    validated.set(request, check)
  }
  const user = await check
  if (!user) {
    const t = await getFixedT(request, context)
    const storage = sessionStorageFor(request, context)
    throw redirect(loginUrl(request), {
      headers: combineHeaders(
        { 'Set-Cookie': await storage.destroySession(session) },
        await createToastHeaders(context, { type: 'info', title: t('errors.sessionExpired') }),
      ),
    })
  }
  return { user, token, permissions: hints.permissions, idp: hints.idp, api }
}

/** For pages a signed-in reader should not see (the sign-in form). */
export async function getOptionalToken(request: Request, context: AppLoadContext) {
  const session = await getSession(request, context)
  const token = session.get('token')
  return typeof token === 'string' && token !== '' ? token : undefined
}
