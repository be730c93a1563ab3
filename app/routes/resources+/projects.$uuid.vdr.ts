import { type LoaderFunctionArgs } from '@remix-run/node'
import { downloadVdr } from '~/api/findings.server.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { proxyDownload } from './__download.server.ts'

/** Export VDR: the project's inventory with its vulnerabilities and analyses (CycloneDX). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, 'VIEW_VULNERABILITY')
  return proxyDownload(() => downloadVdr(api, params.uuid ?? ''), 'vdr.json')
}
