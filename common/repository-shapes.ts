import { z } from 'zod'

/**
 * Package repositories and their metadata (dt-api-admin §7, dt-api-portfolio §2.9 and §3.22,
 * dt-behaviour §8.2). The server serialises through these; the console reads them with `.loose()`.
 */
export const REPOSITORY_TYPES = [
  'CPAN',
  'MAVEN',
  'NPM',
  'GEM',
  'PYPI',
  'NUGET',
  'HEX',
  'COMPOSER',
  'CARGO',
  'GO_MODULES',
  'GITHUB',
  'HACKAGE',
  'NIXPKGS',
  'UNSUPPORTED',
] as const
export const RepositoryType = z.enum(REPOSITORY_TYPES)
export type RepositoryType = z.infer<typeof RepositoryType>

/** Purl type (lower case) → repository type; any other purl type is UNSUPPORTED. */
export const REPOSITORY_TYPE_BY_PURL_TYPE: Readonly<Record<string, RepositoryType>> = {
  maven: 'MAVEN',
  npm: 'NPM',
  cpan: 'CPAN',
  gem: 'GEM',
  pypi: 'PYPI',
  nuget: 'NUGET',
  hex: 'HEX',
  composer: 'COMPOSER',
  cargo: 'CARGO',
  golang: 'GO_MODULES',
  github: 'GITHUB',
  hackage: 'HACKAGE',
  nixpkgs: 'NIXPKGS',
}

export function repositoryTypeOfPurlType(purlType: string): RepositoryType {
  return REPOSITORY_TYPE_BY_PURL_TYPE[purlType.toLowerCase()] ?? 'UNSUPPORTED'
}

/**
 * The console's Repositories pages, in menu order: URL segment (`/admin/repositories/<page>`)
 * → type. 4.13's own console uses the same segments.
 */
export const REPOSITORY_PAGES = [
  { page: 'cargo', type: 'CARGO' },
  { page: 'composer', type: 'COMPOSER' },
  { page: 'cpan', type: 'CPAN' },
  { page: 'gem', type: 'GEM' },
  { page: 'github', type: 'GITHUB' },
  { page: 'goModules', type: 'GO_MODULES' },
  { page: 'hackage', type: 'HACKAGE' },
  { page: 'hex', type: 'HEX' },
  { page: 'maven', type: 'MAVEN' },
  { page: 'nixpkgs', type: 'NIXPKGS' },
  { page: 'npm', type: 'NPM' },
  { page: 'nuget', type: 'NUGET' },
  { page: 'python', type: 'PYPI' },
] as const satisfies ReadonlyArray<{ page: string; type: RepositoryType }>

/** The types the Create Repository dialog offers (the others only preset from their own page). */
export const CREATABLE_REPOSITORY_TYPES = [
  'COMPOSER',
  'CPAN',
  'GEM',
  'GO_MODULES',
  'CARGO',
  'HEX',
  'MAVEN',
  'NPM',
  'NUGET',
  'PYPI',
] as const satisfies ReadonlyArray<RepositoryType>

/** What the console sends as `password` when the user did not type a new one (keeps the stored one). */
export const HIDDEN_PASSWORD_PLACEHOLDER = 'HiddenDecryptedPropertyPlaceholder'

/** `Repository` (dt-api-admin §7.1); `password` is write-only and never serialised. */
export const RepositoryJson = z.object({
  uuid: z.string(),
  type: RepositoryType,
  identifier: z.string(),
  url: z.string(),
  resolutionOrder: z.number().int(),
  enabled: z.boolean(),
  internal: z.boolean().optional(),
  authenticationRequired: z.boolean().optional(),
  username: z.string().optional(),
})
export type RepositoryJson = z.infer<typeof RepositoryJson>

/** `RepositoryMetaComponent` (dt-api-portfolio §3.22); dates are epoch ms, nulls omitted. */
export const RepositoryMetaComponentJson = z.object({
  repositoryType: RepositoryType,
  namespace: z.string().optional(),
  name: z.string(),
  latestVersion: z.string(),
  published: z.number().optional(),
  lastCheck: z.number(),
})
export type RepositoryMetaComponentJson = z.infer<typeof RepositoryMetaComponentJson>
