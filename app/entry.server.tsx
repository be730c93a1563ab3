import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'
import {
  createReadableStreamFromReadable,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from '@remix-run/node'
import { isRouteErrorResponse, RemixServer } from '@remix-run/react'
import { createInstance } from 'i18next'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider, initReactI18next } from 'react-i18next'
import { resources } from './locales/resources.server.ts'
import { FALLBACK_LANGUAGE, I18N_NAMESPACE } from './utils/i18n.ts'
import { getLanguage } from './utils/i18n.server.ts'
import { NonceProvider } from './utils/nonce.tsx'

const ABORT_DELAY = 5_000

/** One JSON line through the server's logger, never a bare stack trace on stderr. */
function logError(context: AppLoadContext, error: unknown) {
  if (context.log) context.log.error({ err: error }, 'console request failed')
  else console.error(error)
}

/** Remix reports server errors here; an aborted request or a 4xx answer is not one. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return
  if (isRouteErrorResponse(error) && error.status < 500) return
  logError(context, error)
}

function securityHeaders(headers: Headers, nonce: string) {
  headers.set(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "font-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ].join('; '),
  )
  headers.set('X-Frame-Options', 'DENY')
  headers.set('X-Content-Type-Options', 'nosniff')
  headers.set('Referrer-Policy', 'same-origin')
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const language = await getLanguage(request, loadContext)
  const i18n = createInstance()
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    ns: [I18N_NAMESPACE],
    defaultNS: I18N_NAMESPACE,
    resources,
    interpolation: { escapeValue: false },
  })
  const nonce = randomBytes(16).toString('base64')
  const waitForAll = isbot(request.headers.get('user-agent') ?? '')

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const body = new PassThrough()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          securityHeaders(responseHeaders, nonce)
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) logError(loadContext, error)
        },
      },
    )
    setTimeout(abort, ABORT_DELAY)
  })
}
