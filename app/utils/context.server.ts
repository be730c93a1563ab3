import type { AppLoadContext } from '@remix-run/node'

export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>

declare module '@remix-run/node' {
  interface AppLoadContext {
    apiFetch: ApiFetch
    sessionSecret: string
    secureCookies: boolean | undefined
    /** Set when the console may offer OpenID Connect sign-in (issuer and client known). */
    oidc?: {
      issuer: string
      clientId: string
      clientSecret?: string
      scope: string
      buttonText?: string
    }
    /** The server's JSON logger for this request. */
    log?: {
      error(details: object, message: string): void
      info(details: object, message: string): void
    }
    /** The console's metric cache settings (LOOKOUT_METRICS_CACHE_*). */
    metricsCache?: { ttlMs: number; maxEntries: number; logEveryMs: number }
  }
}

export function consoleContext(context: AppLoadContext) {
  if (typeof context.apiFetch !== 'function') {
    throw new Error('The console runs inside Lookout’s server, which provides the API client')
  }
  return context
}
