import type { HttpOptions } from '../../analysis/external/http.ts'

/** What a repository says about a package: its latest version and, when it tells, its date. */
export interface LatestVersion {
  latestVersion: string
  published: Date | null
}

/** The package asked about, as its purl names it (decoded). */
export interface PackageQuery {
  namespace: string | null
  name: string
  version: string | null
}

/** One repository as a client needs it: base URL and, when it requires them, credentials. */
export interface RepositoryTarget {
  url: string
  /** Decrypted; sent only to this repository, never logged. */
  credentials: { username: string | null; password: string | null } | null
}

export interface ClientContext {
  http: HttpOptions
  signal?: AbortSignal
  /** Per-run memo (NuGet service indexes, the Nixpkgs channel), keyed by the client. */
  memo: Map<string, Promise<unknown>>
}

/** Answers the latest version, null when the repository does not know the package. */
export type MetaClient = (
  repository: RepositoryTarget,
  query: PackageQuery,
  context: ClientContext,
) => Promise<LatestVersion | null>
