import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { signOut } from '~/utils/auth.server.ts'

/** Sign-out is a POST so that no link or image elsewhere can end a session. */
export async function action({ request, context }: ActionFunctionArgs) {
  return signOut(request, context)
}

export function loader() {
  return redirect('/dashboard')
}
