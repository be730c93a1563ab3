-- Package repositories and their metadata analysis (dt-api-admin §7, dt-behaviour §8.2,
-- docs/decisions/022-repository-metadata.md).

-- A repository Lookout asks for a package's latest version. The defaults are synchronised at each
-- start (server/domain/repositories/defaults.ts): missing ones come back, existing rows stay as
-- the administrator left them. The password is encrypted with the key that encrypts
-- ENCRYPTEDSTRING config values (AES-256-GCM) and never leaves the server.
CREATE TABLE repository (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  -- CPAN, MAVEN, NPM, GEM, PYPI, NUGET, HEX, COMPOSER, CARGO, GO_MODULES, GITHUB, HACKAGE, NIXPKGS
  type text NOT NULL,
  identifier text NOT NULL,
  url text NOT NULL,
  resolution_order int NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  internal boolean,
  authentication_required boolean,
  username text,
  password text,
  UNIQUE (type, identifier)
);
CREATE INDEX repository_type_order_idx ON repository (type, resolution_order);

-- One repository's answer for one package (4.13's ComponentAnalysisCache of type REPOSITORY):
-- target_host is the repository URL, source 'REPOSITORY', target the package coordinates; the
-- answer (latest version and its date, or nothing) is kept in result.
ALTER TABLE component_analysis_cache ADD COLUMN result jsonb;

