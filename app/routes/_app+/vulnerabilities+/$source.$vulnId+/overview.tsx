import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { vulnerabilityPath } from '~/components/vulnerabilities/sources.ts'
import { requireUser } from '~/utils/auth.server.ts'

/** 4.13's `/overview` address of the first tab: the vulnerability page itself. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context, 'VIEW_PORTFOLIO')
  return redirect(vulnerabilityPath(params.source ?? '', params.vulnId ?? ''))
}
