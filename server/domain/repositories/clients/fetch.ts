import { AnalyzerHttpError, joinUrl, sendWithRetry } from '../../analysis/external/http.ts'
import type { ClientContext, RepositoryTarget } from './model.ts'

export { joinUrl }

const basic = (username: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
})

/** Authorization for a repository that requires it: Basic with a user name, else Bearer. */
export function authorization(repository: RepositoryTarget): Record<string, string> {
  const credentials = repository.credentials
  if (!credentials) return {}
  const { username, password } = credentials
  if (username) return basic(username, password ?? '')
  return password ? { authorization: `Bearer ${password}` } : {}
}

/** A URL fit for logs and errors: no user name or password in it, no query string. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url)
    parsed.username = ''
    parsed.password = ''
    parsed.search = ''
    return parsed.toString()
  } catch {
    return '(unreadable URL)'
  }
}

/** `base` without its trailing slashes (4.13 removes one). */
export const baseOf = (url: string) => url.replace(/\/+$/, '')

/**
 * GET with retries (429, 5xx, timeouts; Retry-After honoured); undefined on 404, the response
 * otherwise. The URL is named in errors without credentials (they travel in a header).
 */
export async function get(
  repository: RepositoryTarget,
  url: string,
  context: ClientContext,
  headers: Record<string, string> = {},
): Promise<Response | undefined> {
  // Credentials written into the URL travel as Basic authentication, never in the URL itself
  // (fetch refuses such URLs, and its error would name them).
  const parsed = new URL(url)
  const inUrl: Record<string, string> =
    parsed.username || parsed.password
      ? basic(decodeURIComponent(parsed.username), decodeURIComponent(parsed.password))
      : {}
  parsed.username = ''
  parsed.password = ''
  try {
    return await sendWithRetry(
      context.http,
      parsed.toString(),
      {
        headers: { accept: 'application/json', ...headers, ...inUrl, ...authorization(repository) },
      },
      `GET ${safeUrl(url)}`,
      context.signal,
    )
  } catch (error) {
    if (error instanceof AnalyzerHttpError && error.status === 404) return undefined
    throw error
  }
}

export async function getJson<T>(
  repository: RepositoryTarget,
  url: string,
  context: ClientContext,
): Promise<T | undefined> {
  const response = await get(repository, url, context)
  return response ? ((await response.json()) as T) : undefined
}

/** A date the repository gave, or null when it gave none or an unreadable one. */
export function dateOf(value: unknown): Date | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** The memo of one run: the first caller's promise is shared by the others. */
export function memo<T>(context: ClientContext, key: string, load: () => Promise<T>): Promise<T> {
  let value = context.memo.get(key) as Promise<T> | undefined
  if (!value) {
    value = load()
    context.memo.set(key, value)
    value.catch(() => context.memo.delete(key))
  }
  return value
}

export const found = (latestVersion: unknown, published: Date | null = null) =>
  typeof latestVersion === 'string' && latestVersion.trim() !== ''
    ? { latestVersion: latestVersion.trim(), published }
    : null
