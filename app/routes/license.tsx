import { type LoaderFunctionArgs } from '@remix-run/node'
import { legacyRedirect } from '~/utils/legacy-redirect.ts'

export const loader = ({ request }: LoaderFunctionArgs) =>
  legacyRedirect(request, ['licenseId'], ([licenseId]) => `/licenses/${licenseId}`)
