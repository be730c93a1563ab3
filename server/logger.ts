import { pino, type DestinationStream, type Logger as PinoLogger, type LoggerOptions } from 'pino'

export type Logger = PinoLogger

const REDACTED = '[redacted]'

/**
 * API keys in their current form (prefix_publicId_secret), the migrated form and the legacy
 * forms (32 characters, with or without a prefix). A 32-character hex value is a hash, not a key.
 */
const KEY_LIKE = [
  /^[A-Za-z0-9]+_[A-Za-z0-9]+_[A-Za-z0-9]{27,}$/,
  /^(?:[A-Za-z0-9]+_)?[A-Za-z0-9]{32}$/,
]
const HEX_HASH = /^[0-9a-f]{32}$/i

function decoded(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return part
  }
}

function looksLikeKey(part: string): boolean {
  const value = decoded(part).trim()
  return !HEX_HASH.test(value) && KEY_LIKE.some((pattern) => pattern.test(value))
}

const redactPart = (part: string) => (looksLikeKey(part) ? REDACTED : part)

/** A URL fit for logs: path segments and query values that look like API keys are replaced. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?')
  const pathPart = queryStart === -1 ? url : url.slice(0, queryStart)
  const redactedPath = pathPart.split('/').map(redactPart).join('/')
  if (queryStart === -1) return redactedPath
  const query = url
    .slice(queryStart + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      if (equals === -1) return redactPart(pair)
      return `${pair.slice(0, equals + 1)}${redactPart(pair.slice(equals + 1))}`
    })
    .join('&')
  return `${redactedPath}?${query}`
}

interface LoggedRequest {
  method?: string
  url?: string
  host?: string
  ip?: string
  headers?: Record<string, unknown>
  socket?: { remotePort?: number }
}

/** Fastify's request serializer, with the URL passed through redactUrl. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : request.url,
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/** Structured JSON logs; anything that could carry a credential is redacted. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    serializers: { req: serializeRequest },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-api-key"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.newPassword',
        '*.confirmPassword',
        '*.secret',
        '*.token',
        '*.key',
      ],
      censor: REDACTED,
    },
  }
  return destination ? pino(options, destination) : pino(options)
}
