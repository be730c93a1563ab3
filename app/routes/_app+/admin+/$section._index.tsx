import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/utils/auth.server.ts'
import { findAdminPage } from '~/utils/navigation.ts'

/** /admin/<section> opens that section's first page, as the 4.13 console's landing aliases do. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const found = findAdminPage(params.section ?? '')
  if (!found) throw new Response('Not Found', { status: 404 })
  await requireUser(request, context, found.section.requires)
  return redirect(`/admin/${found.section.path}/${found.page.path}`)
}
