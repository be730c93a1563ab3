-- Portfolio: projects, their tags, properties and access teams, components, services, BOM imports.
CREATE TABLE tag (
  id bigserial PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE project (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name text NOT NULL,
  version text,
  "group" text,
  description text,
  publisher text,
  authors jsonb,
  manufacturer jsonb,
  supplier jsonb,
  classifier text,
  collection_logic text,
  collection_tag_id bigint REFERENCES tag (id) ON DELETE SET NULL,
  cpe text,
  purl text,
  swid_tag_id text,
  direct_dependencies text,
  parent_id bigint REFERENCES project (id) ON DELETE CASCADE,
  last_bom_import timestamptz,
  last_bom_import_format text,
  last_inherited_risk_score double precision,
  last_vulnerability_analysis timestamptz,
  active boolean NOT NULL DEFAULT true,
  inactive_since timestamptz,
  is_latest boolean NOT NULL DEFAULT false,
  external_references jsonb,
  metadata jsonb,
  created timestamptz NOT NULL DEFAULT now()
);

-- One project per name and version (a missing version counts as one value).
CREATE UNIQUE INDEX project_name_version_idx ON project (name, (COALESCE(version, '')));
CREATE UNIQUE INDEX project_latest_idx ON project (name) WHERE is_latest;
CREATE INDEX project_parent_idx ON project (parent_id);
CREATE INDEX project_lower_name_idx ON project (lower(name));

CREATE TABLE project_tag (
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  tag_id bigint NOT NULL REFERENCES tag (id) ON DELETE CASCADE,
  PRIMARY KEY (project_id, tag_id)
);
CREATE INDEX project_tag_tag_idx ON project_tag (tag_id);

CREATE TABLE project_access_team (
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  team_id bigint NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  PRIMARY KEY (project_id, team_id)
);

CREATE TABLE project_property (
  id bigserial PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  group_name text NOT NULL,
  property_name text NOT NULL,
  property_value text,
  property_type text NOT NULL,
  description text,
  UNIQUE (project_id, group_name, property_name)
);

CREATE TABLE component (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  name text NOT NULL,
  version text,
  "group" text,
  classifier text,
  scope text,
  filename text,
  extension text,
  md5 text,
  sha1 text,
  sha256 text,
  sha384 text,
  sha512 text,
  sha3_256 text,
  sha3_384 text,
  sha3_512 text,
  blake2b_256 text,
  blake2b_384 text,
  blake2b_512 text,
  blake3 text,
  cpe text,
  purl text,
  purl_coordinates text,
  swid_tag_id text,
  internal boolean NOT NULL DEFAULT false,
  description text,
  copyright text,
  license text,
  license_expression text,
  license_url text,
  license_id text,
  authors jsonb,
  publisher text,
  supplier jsonb,
  direct_dependencies text,
  external_references jsonb,
  notes text,
  last_inherited_risk_score double precision
);
CREATE INDEX component_project_idx ON component (project_id);
CREATE INDEX component_lower_name_idx ON component (lower(name));
CREATE INDEX component_purl_idx ON component (purl);

CREATE TABLE component_property (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
  group_name text,
  property_name text NOT NULL,
  property_value text,
  property_type text NOT NULL,
  description text
);
CREATE INDEX component_property_component_idx ON component_property (component_id);

CREATE TABLE service_component (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  provider jsonb,
  "group" text,
  name text NOT NULL,
  version text,
  description text,
  endpoints jsonb,
  authenticated boolean,
  crosses_trust_boundary boolean,
  data jsonb,
  external_references jsonb,
  notes text,
  last_inherited_risk_score double precision
);
CREATE INDEX service_component_project_idx ON service_component (project_id);

-- One row per processed upload; visible through project.lastBomImport(Format).
CREATE TABLE bom (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  imported timestamptz NOT NULL DEFAULT now(),
  bom_format text,
  spec_version text,
  bom_version int,
  serial_number text
);
CREATE INDEX bom_project_idx ON bom (project_id);
