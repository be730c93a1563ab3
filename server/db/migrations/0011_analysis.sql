-- Analysis and audit: the audit trail of each analysis, decisions that apply beyond one project
-- version, external analyzers' result cache, and the VEX documents a project consumed.

-- One entry of an analysis's audit trail (§3.11 AnalysisComment), oldest first by `id`.
CREATE TABLE analysis_comment (
  id bigserial PRIMARY KEY,
  analysis_id bigint NOT NULL REFERENCES analysis (id) ON DELETE CASCADE,
  "timestamp" timestamptz NOT NULL DEFAULT now(),
  comment text NOT NULL,
  commenter text
);
CREATE INDEX analysis_comment_analysis_idx ON analysis_comment (analysis_id, id);

ALTER TABLE analysis ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- Beyond 4.13: the decision rule this analysis was last set from, if any.
ALTER TABLE analysis ADD COLUMN rule_id bigint;
CREATE INDEX analysis_project_idx ON analysis (project_id);

-- Beyond 4.13 (DT#1495, DT#2183): one audit decision for a component and vulnerability in every
-- version of a project (`scope` PROJECT, keyed by the project's name) or across the portfolio
-- (`scope` PORTFOLIO). The component is identified without its version: purl type, namespace and
-- name when it has a purl, else group and name. New findings that match inherit the decision.
CREATE TABLE analysis_rule (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  scope text NOT NULL CHECK (scope IN ('PROJECT', 'PORTFOLIO')),
  project_name text,
  component_key text NOT NULL,
  vulnerability_id bigint NOT NULL REFERENCES vulnerability (id) ON DELETE CASCADE,
  state text NOT NULL,
  justification text,
  response text,
  details text,
  suppressed boolean NOT NULL DEFAULT false,
  created_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((scope = 'PROJECT') = (project_name IS NOT NULL))
);
CREATE UNIQUE INDEX analysis_rule_target_idx
  ON analysis_rule (scope, COALESCE(project_name, ''), component_key, vulnerability_id);
CREATE INDEX analysis_rule_vulnerability_idx ON analysis_rule (vulnerability_id);
ALTER TABLE analysis ADD CONSTRAINT analysis_rule_fk
  FOREIGN KEY (rule_id) REFERENCES analysis_rule (id) ON DELETE SET NULL;

-- External analyzers' results (§2.4 ComponentAnalysisCache, type VULNERABILITY): what an
-- analyzer at `target_host` reported for `target` (a purl, coordinates or CPE), by vulnerability
-- database id, valid for `scanner/analysis.cache.validity.period`.
CREATE TABLE component_analysis_cache (
  id bigserial PRIMARY KEY,
  target_host text NOT NULL,
  source text NOT NULL,
  target text NOT NULL,
  vulnerability_ids bigint[] NOT NULL DEFAULT '{}',
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (target_host, source, target)
);
CREATE INDEX component_analysis_cache_updated_idx ON component_analysis_cache (updated_at);

-- A VEX document applied to a project (4.13's `Vex` record).
CREATE TABLE vex (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  format text NOT NULL,
  spec_version text,
  vex_version integer,
  serial_number text,
  imported timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vex_project_idx ON vex (project_id);

-- Finding listings filter and sort on these.
CREATE INDEX finding_component_idx ON finding (component_id);
CREATE INDEX finding_attributed_on_idx ON finding (attributed_on);
