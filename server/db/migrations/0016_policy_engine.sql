-- Policy evaluation (dt-behaviour §3.3, §8.2, docs/decisions/016-policy-engine.md).

-- Repository metadata: one row per package (not per version) with its latest version and the
-- date the repository gives for it. The AGE and VERSION_DISTANCE conditions read it. Nothing
-- fills it yet (repository meta analysis, §8.2, comes later), so those conditions only act on
-- packages that have a row.
CREATE TABLE repository_meta_component (
  id bigserial PRIMARY KEY,
  -- CPAN, MAVEN, NPM, GEM, PYPI, NUGET, HEX, COMPOSER, CARGO, GO_MODULES, GITHUB, HACKAGE, NIXPKGS
  repository_type text NOT NULL,
  namespace text,
  name text NOT NULL,
  latest_version text,
  published timestamptz,
  last_check timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX repository_meta_component_package_idx
  ON repository_meta_component (repository_type, (COALESCE(namespace, '')), name);
