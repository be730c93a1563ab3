import { type LoaderFunctionArgs } from '@remix-run/node'
import { downloadVex } from '~/api/findings.server.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { proxyDownload } from './__download.server.ts'

/** Export VEX: the project's findings and their analyses as a CycloneDX VEX download. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VULNERABILITY_ANALYSIS')
  return proxyDownload(() => downloadVex(api, params.uuid ?? ''), 'vex.json')
}
