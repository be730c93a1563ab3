import { AnalyzerHttpError } from '../../analysis/external/http.ts'
import { baseOf, dateOf, found, getJson } from './fetch.ts'
import type { MetaClient } from './model.ts'

/** github.com's API lives at api.github.com; any other URL (GitHub Enterprise, a mirror) is the API. */
export const githubApi = (url: string) =>
  /^https?:\/\/(www\.)?github\.com\/?$/i.test(url.trim()) ? 'https://api.github.com' : baseOf(url)

/**
 * GitHub (`pkg:github/owner/repo@version`): when the version is a release tag, the latest
 * release's tag, published = the date of the release in use; otherwise the newest commit of the
 * default branch, published = the date of the commit in use.
 */
export const github: MetaClient = async (repository, query, context) => {
  if (!query.namespace) return null
  const api = `${githubApi(repository.url)}/repos/${encodeURIComponent(query.namespace)}/${encodeURIComponent(query.name)}`
  const version = query.version
  const current = version
    ? await getJson<{ tag_name?: string; published_at?: string }>(
        repository,
        `${api}/releases/tags/${encodeURIComponent(version)}`,
        context,
      )
    : undefined
  if (current?.tag_name) {
    const latest = await getJson<{ tag_name?: string }>(
      repository,
      `${api}/releases/latest`,
      context,
    )
    return found(latest?.tag_name, dateOf(current.published_at))
  }
  const commits = await getJson<Array<{ sha?: string }>>(
    repository,
    `${api}/commits?per_page=1`,
    context,
  )
  const newest = commits?.[0]?.sha
  if (!newest) return null
  // A version that names no commit (GitHub answers 422) only leaves the date out.
  const used = version
    ? await getJson<{ commit?: { committer?: { date?: string } } }>(
        repository,
        `${api}/commits/${encodeURIComponent(version)}`,
        context,
      ).catch((error: unknown) => {
        if (error instanceof AnalyzerHttpError && error.status === 422) return undefined
        throw error
      })
    : undefined
  return found(newest, dateOf(used?.commit?.committer?.date))
}
