import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireUser } from '~/utils/auth.server.ts'
import { ADMIN_SECTIONS } from '~/utils/navigation.ts'
import { meetsRequirement } from '~/utils/permissions.ts'

/** /admin opens the first page the reader may see (General for system administrators). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { permissions } = await requireUser(request, context, {
    anyOf: ['SYSTEM_CONFIGURATION', 'ACCESS_MANAGEMENT'],
  })
  const section = ADMIN_SECTIONS.find((candidate) =>
    meetsRequirement(permissions, candidate.requires),
  )
  if (!section) throw new Response('Forbidden', { status: 403 })
  return redirect(`/admin/${section.path}/${section.pages[0]!.path}`)
}
