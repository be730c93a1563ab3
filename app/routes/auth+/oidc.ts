import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { safeRedirect } from '~/utils/redirect.ts'
import { loginAfterFailure, OidcSignInFailure, startOidcSignIn } from '~/utils/oidc.server.ts'

/**
 * The sign-in page's OpenID Connect button posts here (a post, so no other site can start a
 * sign-in for someone); the answer sends the browser to the identity provider.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const form = await request.clone().formData()
  const target = safeRedirect(String(form.get('redirectTo') ?? ''), url.origin)
  try {
    return await startOidcSignIn(request, context, target)
  } catch (error) {
    if (!(error instanceof OidcSignInFailure)) throw error
    return redirect(loginAfterFailure(error.reason, target))
  }
}

export function loader() {
  return redirect('/login')
}
