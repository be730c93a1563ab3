import { type LoaderFunctionArgs } from '@remix-run/node'
import { downloadViolationsCsv } from '~/api/violations.server.ts'
import { parseViolationAuditParams } from '~/components/violations/audit-params.ts'
import { requireUser } from '~/utils/auth.server.ts'
import { proxyDownload } from '../../resources+/__download.server.ts'
import { VIEW } from './__audit.server.ts'

/**
 * Policy Violation Audit as the reader filtered and sorted it, as CSV: the page's own address
 * parameters, streamed from the API's CSV variant of GET /violation.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { api } = await requireUser(request, context, VIEW)
  const params = parseViolationAuditParams(new URL(request.url).searchParams)
  return proxyDownload(() => downloadViolationsCsv(api, params), 'policy-violations.csv')
}
