import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { startSession } from '~/utils/auth.server.ts'
import {
  clearFlowCookies,
  finishOidcSignIn,
  loginAfterFailure,
  OidcSignInFailure,
} from '~/utils/oidc.server.ts'

/**
 * Where the identity provider sends the browser back: the code is exchanged on the server and
 * the console session starts exactly as after a password sign-in. Any failure lands on the
 * sign-in page, which says what went wrong.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const cleared = await clearFlowCookies(request, context)
  let response: Response
  try {
    const { jwt, target } = await finishOidcSignIn(request, context)
    response = await startSession(request, context, jwt, target)
  } catch (error) {
    if (!(error instanceof OidcSignInFailure)) throw error
    response = redirect(loginAfterFailure(error.reason))
  }
  const headers = new Headers(response.headers)
  for (const cookie of cleared) headers.append('Set-Cookie', cookie)
  return new Response(null, { status: response.status, headers })
}
