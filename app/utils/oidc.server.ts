import { createCookie, redirect, type AppLoadContext } from '@remix-run/node'
import { CodeChallengeMethod, OAuth2Strategy } from 'remix-auth-oauth2'
import { createDiscoveryCache, type Discovery } from '../../common/oidc-discovery.ts'
import { ApiError, ApiUnreachableError, createApiClient } from '~/api/client.server.ts'
import { safeRedirect } from './redirect.ts'
import { isSecure } from './session.server.ts'

/** Why a sign-in through the identity provider ended on the sign-in page again. */
export const OIDC_FAILURES = [
  'denied',
  'expired',
  'provider',
  'unmapped',
  'suspended',
  'refused',
  'unreachable',
  'unavailable',
] as const
export type OidcFailureReason = (typeof OIDC_FAILURES)[number]

export class OidcSignInFailure extends Error {
  constructor(readonly reason: OidcFailureReason) {
    super(reason)
  }
}

const FLOW_PATH = '/auth/oidc'
const CALLBACK_PATH = '/auth/oidc/callback'
const STATE_COOKIE = '__lookout_oidc'

/**
 * The provider's endpoints, or a failure naming the provider as the reason. Read afresh for every
 * sign-in (two requests), so a provider that went down is reported here, not by the browser.
 */
async function discover(context: AppLoadContext): Promise<Discovery> {
  const settings = context.oidc
  if (!settings) throw new OidcSignInFailure('unavailable')
  const discovery = await createDiscoveryCache({ enabled: true, issuer: settings.issuer }).get()
  if (!discovery?.token_endpoint) throw new OidcSignInFailure('provider')
  return discovery
}

/**
 * Authorization code with PKCE, all of it on the server: the browser only ever carries the code
 * and the state. The provider's tokens go straight to the API, which answers our own JWT.
 */
async function strategyFor(request: Request, context: AppLoadContext) {
  const discovery = await discover(context)
  const settings = context.oidc!
  return new OAuth2Strategy<string>(
    {
      clientId: settings.clientId,
      clientSecret: settings.clientSecret ?? null,
      authorizationEndpoint: discovery.authorization_endpoint,
      tokenEndpoint: discovery.token_endpoint!,
      redirectURI: new URL(CALLBACK_PATH, request.url),
      scopes: settings.scope.split(/\s+/).filter(Boolean),
      codeChallengeMethod: CodeChallengeMethod.S256,
      cookie: {
        name: STATE_COOKIE,
        path: FLOW_PATH,
        httpOnly: true,
        sameSite: 'Lax',
        maxAge: 600,
        ...(isSecure(request, context) ? { secure: true as const } : {}),
      },
    },
    ({ tokens }) =>
      exchangeForJwt(context, {
        idToken: readToken(() => tokens.idToken()),
        accessToken: readToken(() => tokens.accessToken()),
      }),
  )
}

/** A token the provider did not send reads as empty (arctic throws instead). */
const readToken = (read: () => string) => {
  try {
    return read()
  } catch {
    return ''
  }
}

/** POST /user/oidc/login, as the 4.13 console does after its callback page. */
async function exchangeForJwt(
  context: AppLoadContext,
  tokens: { idToken: string; accessToken: string },
) {
  try {
    const form = Object.fromEntries(Object.entries(tokens).filter(([, value]) => value !== ''))
    const jwt = await createApiClient(context).text('/v1/user/oidc/login', { method: 'POST', form })
    // 204: the API has no OpenID Connect (or got no token).
    if (!jwt) throw new OidcSignInFailure('unavailable')
    return jwt
  } catch (error) {
    if (error instanceof OidcSignInFailure) throw error
    if (error instanceof ApiUnreachableError) throw new OidcSignInFailure('unreachable')
    if (!(error instanceof ApiError)) throw error
    const cause = error.response.body.trim()
    if (error.status === 403) {
      throw new OidcSignInFailure(cause === 'SUSPENDED' ? 'suspended' : 'unmapped')
    }
    if (error.status >= 500) throw new OidcSignInFailure('unreachable')
    throw new OidcSignInFailure('refused')
  }
}

/** Remembers where to go after the provider sends the browser back (signed, ten minutes). */
function targetCookie(request: Request, context: AppLoadContext) {
  return createCookie('__lookout_oidc_to', {
    path: FLOW_PATH,
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(request, context),
    maxAge: 600,
    secrets: [context.sessionSecret],
  })
}

/** The sign-in page's OpenID Connect link: sends the browser to the provider. */
export async function startOidcSignIn(request: Request, context: AppLoadContext, target: string) {
  const strategy = await strategyFor(request, context)
  // Without a state in the address, the strategy answers by throwing its redirect.
  const start = new Request(new URL('/auth/oidc', request.url), { headers: request.headers })
  const thrown: unknown = await strategy.authenticate(start).catch((error: unknown) => error)
  if (!(thrown instanceof Response) || !thrown.headers.get('Location')) throw thrown
  const headers = new Headers(thrown.headers)
  headers.append('Set-Cookie', await targetCookie(request, context).serialize(target))
  return redirect(thrown.headers.get('Location')!, { headers })
}

/**
 * The provider's redirect back: checks the state, exchanges the code, asks the API for our JWT.
 * Answers the JWT and where to go next.
 */
export async function finishOidcSignIn(request: Request, context: AppLoadContext) {
  const url = new URL(request.url)
  const stored: unknown = await targetCookie(request, context).parse(request.headers.get('Cookie'))
  const target = safeRedirect(typeof stored === 'string' ? stored : null, url.origin)
  const providerError = url.searchParams.get('error')
  if (providerError) {
    throw new OidcSignInFailure(providerError === 'access_denied' ? 'denied' : 'provider')
  }
  const strategy = await strategyFor(request, context)
  try {
    return { jwt: await strategy.authenticate(request), target }
  } catch (error) {
    if (error instanceof OidcSignInFailure) throw error
    // No state cookie, or another one: the flow expired or was started elsewhere.
    if (error instanceof ReferenceError || error instanceof RangeError) {
      throw new OidcSignInFailure('expired')
    }
    context.log?.error({ err: error }, 'OpenID Connect code exchange failed')
    throw new OidcSignInFailure('provider')
  }
}

/** Expires the flow's cookies once the browser is back (each attempt set its own state cookie). */
export async function clearFlowCookies(request: Request, context: AppLoadContext) {
  const names = (request.headers.get('Cookie') ?? '')
    .split(';')
    .map((pair) => pair.split('=')[0]!.trim())
    .filter((name) => name.startsWith(`${STATE_COOKIE}:`))
  const secure = isSecure(request, context) ? '; Secure' : ''
  const cleared = names.map(
    (name) => `${name}=; Path=${FLOW_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
  )
  cleared.push(await targetCookie(request, context).serialize('', { maxAge: 0 }))
  return cleared
}

/** The sign-in page after a failed attempt, with the reason for it to show. */
export function loginAfterFailure(reason: OidcFailureReason, target?: string) {
  const params = new URLSearchParams({ welcome: 'seen', oidc: reason })
  if (target && target !== '/dashboard') params.set('redirect', target)
  return `/login?${params}`
}
