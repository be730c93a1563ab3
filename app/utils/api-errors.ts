export interface ToastMessage {
  type: 'success' | 'warning' | 'error' | 'info'
  title: string
  description?: string
}

export interface FailedResponse {
  status: number
  statusText: string
  contentType: string | null
  body: string
}

type Translate = (key: string) => string

/**
 * The 4.13 console's interceptor: problem details become a warning with title and detail;
 * a bean-validation array becomes "Request validation failed" with one line per path;
 * other 4xx show the status text and code; 5xx are a server error.
 */
export function toastForFailedResponse(response: FailedResponse, t: Translate): ToastMessage {
  const statusLine = `${response.statusText || httpStatusText(response.status)} (${response.status})`
  if (response.status >= 500) {
    return { type: 'error', title: t('errors.serverError'), description: statusLine }
  }
  const parsed = parseJson(response.body)
  if (response.contentType?.includes('application/problem+json') && isRecord(parsed)) {
    const title = typeof parsed.title === 'string' ? parsed.title : statusLine
    const detail = typeof parsed.detail === 'string' ? parsed.detail : undefined
    return { type: 'warning', title, description: detail }
  }
  if (
    response.status === 400 &&
    Array.isArray(parsed) &&
    parsed.length > 0 &&
    parsed.every(isRecord)
  ) {
    const lines = parsed
      .filter((item) => typeof item.message === 'string')
      .map((item) =>
        typeof item.path === 'string' ? `${item.path}: ${item.message}` : String(item.message),
      )
    if (lines.length > 0) {
      return {
        type: 'warning',
        title: t('errors.requestValidationFailed'),
        description: lines.join('\n'),
      }
    }
  }
  return { type: 'error', title: t('errors.httpRequestError'), description: statusLine }
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
}

export function httpStatusText(status: number): string {
  return STATUS_TEXT[status] ?? 'Error'
}
