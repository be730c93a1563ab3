import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { localRedirect } from '~/utils/redirect.ts'
import { ThemeSchema, themeCookie } from '~/utils/theme.server.ts'

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const parsed = ThemeSchema.safeParse(form.get('theme'))
  if (!parsed.success) throw new Response('Unknown theme', { status: 400 })
  return redirect(localRedirect(form.get('redirectTo')), {
    headers: { 'Set-Cookie': await themeCookie.serialize(parsed.data) },
  })
}

export function loader() {
  return redirect('/dashboard')
}
