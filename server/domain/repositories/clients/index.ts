import type { RepositoryType } from '../../../../common/repository-shapes.ts'
import { composer } from './composer.ts'
import { github } from './github.ts'
import { maven } from './maven.ts'
import type { MetaClient } from './model.ts'
import { nixpkgs } from './nixpkgs.ts'
import { nuget } from './nuget.ts'
import { cargo, cpan, gem, goModules, hackage, hex, npm, pypi } from './registries.ts'

export type {
  ClientContext,
  LatestVersion,
  MetaClient,
  PackageQuery,
  RepositoryTarget,
} from './model.ts'

/** The client of every repository type (dt-behaviour §8.2). */
export const META_CLIENTS: Readonly<Record<Exclude<RepositoryType, 'UNSUPPORTED'>, MetaClient>> = {
  MAVEN: maven,
  NPM: npm,
  PYPI: pypi,
  GEM: gem,
  CARGO: cargo,
  HEX: hex,
  CPAN: cpan,
  GO_MODULES: goModules,
  NUGET: nuget,
  COMPOSER: composer,
  HACKAGE: hackage,
  NIXPKGS: nixpkgs,
  GITHUB: github,
}
