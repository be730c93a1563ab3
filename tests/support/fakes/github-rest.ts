import { startLoopback, type Loopback } from './loopback.ts'

/**
 * A loopback GitHub REST API (the repository metadata's calls): a release by tag, the latest
 * release, the newest commit and a commit by ref, under `/repos/{owner}/{repo}/…`. When `token`
 * is set, requests without `Bearer <token>` get 401 as GitHub answers a bad token.
 */
export interface FakeGithubRepository {
  releases: Array<{ tag: string; publishedAt: string }>
  /** Newest first. */
  commits: Array<{ sha: string; date: string }>
}

export interface FakeGithubRest extends Loopback {
  repositories: Map<string, FakeGithubRepository>
  token: string | undefined
  requests: string[]
}

const notFound = {
  status: 404,
  json: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' },
}

export async function startFakeGithubRest(): Promise<FakeGithubRest> {
  const fake = {
    repositories: new Map<string, FakeGithubRepository>(),
    token: undefined as string | undefined,
    requests: [] as string[],
  }
  return startLoopback(fake, (request) => {
    fake.requests.push(`${request.url.pathname}${request.url.search}`)
    if (fake.token && request.headers.authorization !== `Bearer ${fake.token}`) {
      return { status: 401, json: { message: 'Bad credentials' } }
    }
    const match = /^\/repos\/([^/]+)\/([^/]+)\/(.+)$/.exec(request.url.pathname)
    const repo = match && fake.repositories.get(`${match[1]}/${match[2]}`)
    if (!repo) return notFound
    const rest = decodeURIComponent(match[3]!)
    const release = (r: { tag: string; publishedAt: string }) => ({
      tag_name: r.tag,
      name: r.tag,
      draft: false,
      prerelease: false,
      published_at: r.publishedAt,
    })
    const commit = (c: { sha: string; date: string }) => ({
      sha: c.sha,
      commit: { committer: { name: 'dev', date: c.date }, message: 'change' },
    })
    if (rest === 'releases/latest') {
      return repo.releases[0] ? { status: 200, json: release(repo.releases[0]) } : notFound
    }
    if (rest.startsWith('releases/tags/')) {
      const found = repo.releases.find((r) => r.tag === rest.slice('releases/tags/'.length))
      return found ? { status: 200, json: release(found) } : notFound
    }
    if (rest === 'commits') {
      const perPage = Number(request.url.searchParams.get('per_page') ?? 30)
      return { status: 200, json: repo.commits.slice(0, perPage).map(commit) }
    }
    if (rest.startsWith('commits/')) {
      const ref = rest.slice('commits/'.length)
      const found = repo.commits.find((c) => c.sha.startsWith(ref))
      return found
        ? { status: 200, json: commit(found) }
        : { status: 422, json: { message: `No commit found for SHA: ${ref}` } }
    }
    return notFound
  })
}
