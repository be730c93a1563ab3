import type { RepositoryType } from '../../../common/repository-shapes.ts'
import { insertRepository } from '../../data/repositories.ts'
import type { Queryable } from '../../db/database.ts'

/**
 * 4.13's default repositories (dt-api-admin §7.4): enabled, not internal, no authentication, in
 * the order that gives Maven's their resolution orders 1–5 on a new installation.
 */
export const DEFAULT_REPOSITORIES: ReadonlyArray<{
  type: RepositoryType
  identifier: string
  url: string
}> = [
  { type: 'CPAN', identifier: 'cpan-public-registry', url: 'https://fastapi.metacpan.org/v1/' },
  { type: 'GEM', identifier: 'rubygems.org', url: 'https://rubygems.org/' },
  { type: 'HEX', identifier: 'hex.pm', url: 'https://hex.pm/' },
  { type: 'HACKAGE', identifier: 'hackage.haskell.org', url: 'https://hackage.haskell.org/' },
  { type: 'MAVEN', identifier: 'central', url: 'https://repo1.maven.org/maven2/' },
  {
    type: 'MAVEN',
    identifier: 'atlassian-public',
    url: 'https://packages.atlassian.com/content/repositories/atlassian-public/',
  },
  {
    type: 'MAVEN',
    identifier: 'jboss-releases',
    url: 'https://repository.jboss.org/nexus/content/repositories/releases/',
  },
  { type: 'MAVEN', identifier: 'clojars', url: 'https://repo.clojars.org/' },
  { type: 'MAVEN', identifier: 'google-android', url: 'https://maven.google.com/' },
  {
    type: 'NIXPKGS',
    identifier: 'nixpkgs-unstable',
    url: 'https://channels.nixos.org/nixpkgs-unstable/packages.json.br',
  },
  { type: 'NPM', identifier: 'npm-public-registry', url: 'https://registry.npmjs.org/' },
  { type: 'PYPI', identifier: 'pypi.org', url: 'https://pypi.org/' },
  { type: 'NUGET', identifier: 'nuget-gallery', url: 'https://api.nuget.org/' },
  { type: 'COMPOSER', identifier: 'packagist', url: 'https://repo.packagist.org/' },
  { type: 'CARGO', identifier: 'crates.io', url: 'https://crates.io' },
  { type: 'GO_MODULES', identifier: 'proxy.golang.org', url: 'https://proxy.golang.org' },
  { type: 'GITHUB', identifier: 'github.com', url: 'https://github.com' },
]

/**
 * A default repository's URL when `LOOKOUT_REPOSITORY_DEFAULTS_URL` rebases them (tests, a
 * mirror): `<base>/<identifier>/<the original path>`, e.g. `https://registry.npmjs.org/` →
 * `<base>/npm-public-registry/`.
 */
export function rebasedUrl(url: string, identifier: string, base: string | undefined) {
  if (!base) return url
  const path = new URL(url).pathname.replace(/^\/+/, '')
  return `${base.replace(/\/+$/, '')}/${encodeURIComponent(identifier)}/${path}`
}

/**
 * 4.13's DefaultObjectGenerator: every start creates the default repositories that are missing
 * (a deleted one comes back, after the type's others); existing rows, changed or not, stay.
 */
export async function synchroniseDefaultRepositories(db: Queryable, baseUrl?: string) {
  let created = 0
  for (const repository of DEFAULT_REPOSITORIES) {
    const row = await insertRepository(db, {
      ...repository,
      url: rebasedUrl(repository.url, repository.identifier, baseUrl),
      enabled: true,
      internal: false,
      authenticationRequired: false,
      username: null,
      password: null,
    })
    if (row) created++
  }
  return created
}
