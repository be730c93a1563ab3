import type { AppLoadContext } from '@remix-run/node'
import { createApiClient } from './client.server.ts'

/** For the console's unit tests: a policy violation as dt-api-portfolio §3.14 shows it. */

export const P = '11111111-1111-4111-8111-111111111111'
export const C = '22222222-2222-4222-8222-222222222222'
export const V = '33333333-3333-4333-8333-333333333333'

/** Keys absent when null, a field a newer server might add included. */
export const VIOLATION = {
  uuid: V,
  type: 'LICENSE',
  timestamp: 1_700_000_000_000,
  project: { uuid: P, name: 'shop', version: '1.0', active: true },
  component: {
    uuid: C,
    name: 'left-pad',
    version: '1.3.0',
    purl: 'pkg:npm/left-pad@1.3.0',
    isInternal: false,
    resolvedLicense: {
      uuid: 'l',
      name: 'GNU General Public License v3.0 only',
      licenseId: 'GPL-3.0-only',
      isOsiApproved: true,
      isFsfLibre: true,
      isDeprecatedLicenseId: false,
      isCustomLicense: false,
    },
    someFutureField: 1,
  },
  policyCondition: {
    uuid: 'c',
    subject: 'LICENSE',
    operator: 'IS',
    value: 'l',
    policy: {
      uuid: 'p',
      name: 'No GPL',
      operator: 'ANY',
      violationState: 'FAIL',
      includeChildren: false,
      onlyLatestProjectVersion: false,
      global: true,
    },
  },
  analysis: { analysisState: 'APPROVED', analysisComments: [], isSuppressed: false },
}

/**
 * A real API client whose requests are recorded and answered by `answer` (given the request's
 * path without `/api` and its query).
 */
export function fakeApi(answer: (path: string, query: URLSearchParams) => Response) {
  const requests: Request[] = []
  const context = {
    apiFetch: async (path: string, init?: RequestInit) => {
      const request = new Request(`http://api${path}`, init)
      requests.push(request)
      const url = new URL(request.url)
      return answer(url.pathname.replace(/^\/api/, ''), url.searchParams)
    },
  } as unknown as AppLoadContext
  const last = () => {
    const request = requests.at(-1)!
    const url = new URL(request.url)
    return { request, path: url.pathname, query: Object.fromEntries(url.searchParams) }
  }
  return { api: createApiClient(context, 'jwt'), requests, last }
}
