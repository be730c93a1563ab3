import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { SUPPORTED_LANGUAGES } from '~/utils/i18n.ts'
import { languageCookie } from '~/utils/i18n.server.ts'
import { localRedirect } from '~/utils/redirect.ts'

/** Stores the chosen language in a cookie and reloads the page the reader was on. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const parsed = z.object({ language: z.enum(SUPPORTED_LANGUAGES) }).safeParse({
    language: form.get('language'),
  })
  if (!parsed.success) throw new Response('Unknown language', { status: 400 })
  return redirect(localRedirect(form.get('redirectTo')), {
    headers: { 'Set-Cookie': await languageCookie.serialize(parsed.data.language) },
  })
}

export function loader() {
  return redirect('/dashboard')
}
