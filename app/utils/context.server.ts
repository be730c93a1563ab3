import type { AppLoadContext } from '@remix-run/node'

export type ApiFetch = (path: string, init?: RequestInit) => Promise<Response>

declare module '@remix-run/node' {
  interface AppLoadContext {
    apiFetch: ApiFetch
    sessionSecret: string
    secureCookies: boolean | undefined
    /** The server's JSON logger for this request. */
    log?: { error(details: object, message: string): void }
  }
}

export function consoleContext(context: AppLoadContext) {
  if (typeof context.apiFetch !== 'function') {
    throw new Error('The console runs inside Lookout’s server, which provides the API client')
  }
  return context
}
