import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { safeRedirect } from '~/utils/redirect.ts'
import { loginAfterFailure, OidcSignInFailure, startOidcSignIn } from '~/utils/oidc.server.ts'

/**
 * The sign-in page's OpenID Connect link: sends the browser to the identity provider. A link,
 * not a form, because the page's CSP (`form-action 'self'`) forbids a form post to lead to
 * another site, and the state check on the way back is what ties the sign-in to this browser.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const target = safeRedirect(url.searchParams.get('redirect'), url.origin)
  try {
    return await startOidcSignIn(request, context, target)
  } catch (error) {
    if (!(error instanceof OidcSignInFailure)) throw error
    return redirect(loginAfterFailure(error.reason, target))
  }
}
