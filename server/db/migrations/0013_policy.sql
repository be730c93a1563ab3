-- Licenses, license groups, policies and their violations (dt-api-portfolio §3.12–§3.17,
-- dt-behaviour §1.7, §3, §5.2).

-- The license catalogue: the bundled SPDX licenses and exceptions (synchronised at startup) and
-- custom licenses. Components point at an entry through `component.license_id` (the licenseId).
CREATE TABLE license (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  license_id text NOT NULL UNIQUE,
  name text NOT NULL,
  license_text text,
  standard_license_template text,
  standard_license_header text,
  license_comments text,
  osi_approved boolean NOT NULL DEFAULT false,
  fsf_libre boolean NOT NULL DEFAULT false,
  deprecated_license_id boolean NOT NULL DEFAULT false,
  custom_license boolean NOT NULL DEFAULT false,
  -- An SPDX license exception (`licenseExceptionId` on input), not a license.
  exception boolean NOT NULL DEFAULT false,
  see_also text[]
);
CREATE INDEX license_name_idx ON license (name);
CREATE INDEX license_lower_name_idx ON license (lower(name));

CREATE TABLE license_group (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  risk_weight integer NOT NULL DEFAULT 0
);

CREATE TABLE license_group_license (
  license_group_id bigint NOT NULL REFERENCES license_group (id) ON DELETE CASCADE,
  license_id bigint NOT NULL REFERENCES license (id) ON DELETE CASCADE,
  PRIMARY KEY (license_group_id, license_id)
);
CREATE INDEX license_group_license_license_idx ON license_group_license (license_id);

-- What the BOM said about a component's licenses (§1.7 candidates: [{id, name, url}] in order,
-- plus the expression), kept so components are resolved again when the catalogue changes.
ALTER TABLE component ADD COLUMN license_candidates jsonb;
CREATE INDEX component_license_id_idx ON component (license_id);

CREATE TABLE policy (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  operator text NOT NULL DEFAULT 'ANY' CHECK (operator IN ('ALL', 'ANY')),
  violation_state text NOT NULL DEFAULT 'INFO' CHECK (violation_state IN ('INFO', 'WARN', 'FAIL')),
  include_children boolean NOT NULL DEFAULT false,
  only_latest_project_version boolean NOT NULL DEFAULT false
);
CREATE INDEX policy_lower_name_idx ON policy (lower(name));

-- Conditions are listed in `id` order (§3.12).
CREATE TABLE policy_condition (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  policy_id bigint NOT NULL REFERENCES policy (id) ON DELETE CASCADE,
  subject text NOT NULL,
  operator text NOT NULL,
  value text NOT NULL
);
CREATE INDEX policy_condition_policy_idx ON policy_condition (policy_id, id);

CREATE TABLE policy_project (
  policy_id bigint NOT NULL REFERENCES policy (id) ON DELETE CASCADE,
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  PRIMARY KEY (policy_id, project_id)
);
CREATE INDEX policy_project_project_idx ON policy_project (project_id);

CREATE TABLE policy_tag (
  policy_id bigint NOT NULL REFERENCES policy (id) ON DELETE CASCADE,
  tag_id bigint NOT NULL REFERENCES tag (id) ON DELETE CASCADE,
  PRIMARY KEY (policy_id, tag_id)
);
CREATE INDEX policy_tag_tag_idx ON policy_tag (tag_id);

-- A component that violates a condition. Identity is (component, condition, type) (§3.4).
CREATE TABLE policy_violation (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  type text NOT NULL CHECK (type IN ('LICENSE', 'SECURITY', 'OPERATIONAL')),
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
  policy_condition_id bigint NOT NULL REFERENCES policy_condition (id) ON DELETE CASCADE,
  "timestamp" timestamptz NOT NULL DEFAULT now(),
  text text,
  UNIQUE (component_id, policy_condition_id, type)
);
CREATE INDEX policy_violation_project_idx ON policy_violation (project_id, "timestamp" DESC);
CREATE INDEX policy_violation_condition_idx ON policy_violation (policy_condition_id);
CREATE INDEX policy_violation_timestamp_idx ON policy_violation ("timestamp" DESC, id);

-- The audit decision on a violation (§3.15); suppressed violations are left out of counts.
CREATE TABLE violation_analysis (
  id bigserial PRIMARY KEY,
  policy_violation_id bigint NOT NULL UNIQUE REFERENCES policy_violation (id) ON DELETE CASCADE,
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'NOT_SET' CHECK (state IN ('APPROVED', 'REJECTED', 'NOT_SET')),
  suppressed boolean NOT NULL DEFAULT false
);
CREATE INDEX violation_analysis_project_idx ON violation_analysis (project_id);

-- One entry of a violation analysis's trail, oldest first by `id`.
CREATE TABLE violation_analysis_comment (
  id bigserial PRIMARY KEY,
  violation_analysis_id bigint NOT NULL REFERENCES violation_analysis (id) ON DELETE CASCADE,
  "timestamp" timestamptz NOT NULL DEFAULT now(),
  comment text NOT NULL,
  commenter text
);
CREATE INDEX violation_analysis_comment_analysis_idx
  ON violation_analysis_comment (violation_analysis_id, id);
