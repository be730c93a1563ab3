import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { getFixedT } from '~/utils/i18n.server.ts'
import { redirectWithToast } from '~/utils/toast.server.ts'

/** The OpenID Connect sign-in flow arrives with the OIDC work; until then say so plainly. */
export async function action({ request, context }: ActionFunctionArgs) {
  const t = await getFixedT(request, context)
  return redirectWithToast(context, '/login?welcome=seen', {
    type: 'warning',
    title: t('login.oidcUnavailable'),
  })
}

export function loader() {
  return redirect('/login')
}
