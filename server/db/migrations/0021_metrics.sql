-- Metrics (dt-behaviour §4, docs/metrics.md, docs/decisions/020-metrics-storage.md). Component,
-- project and portfolio rows are intervals of unchanged counters: a run that finds the counters of
-- the newest row unchanged only moves that row's last_occurrence; a new row is written only when
-- a counter changes.

-- A component's counters. The component's current row has last_occurrence NULL: it lasts until
-- its project's components were last measured, which is the last_occurrence of the project's
-- newest project_metrics row (both are written by one run). A run so writes nothing for the
-- components whose counters did not change; a superseded row gets its last_occurrence then.
CREATE TABLE dependency_metrics (
  id bigserial PRIMARY KEY,
  component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
  -- The component's project (components never move). No foreign key: deleting a project deletes
  -- its components, and a second check per written row would slow the first run down by half.
  project_id bigint NOT NULL,
  critical int NOT NULL DEFAULT 0,
  high int NOT NULL DEFAULT 0,
  medium int NOT NULL DEFAULT 0,
  low int NOT NULL DEFAULT 0,
  unassigned int NOT NULL DEFAULT 0,
  vulnerabilities int NOT NULL DEFAULT 0,
  suppressed int NOT NULL DEFAULT 0,
  findings_total int NOT NULL DEFAULT 0,
  findings_audited int NOT NULL DEFAULT 0,
  findings_unaudited int NOT NULL DEFAULT 0,
  policy_violations_fail int NOT NULL DEFAULT 0,
  policy_violations_warn int NOT NULL DEFAULT 0,
  policy_violations_info int NOT NULL DEFAULT 0,
  policy_violations_total int NOT NULL DEFAULT 0,
  policy_violations_audited int NOT NULL DEFAULT 0,
  policy_violations_unaudited int NOT NULL DEFAULT 0,
  policy_violations_security_total int NOT NULL DEFAULT 0,
  policy_violations_security_audited int NOT NULL DEFAULT 0,
  policy_violations_security_unaudited int NOT NULL DEFAULT 0,
  policy_violations_license_total int NOT NULL DEFAULT 0,
  policy_violations_license_audited int NOT NULL DEFAULT 0,
  policy_violations_license_unaudited int NOT NULL DEFAULT 0,
  policy_violations_operational_total int NOT NULL DEFAULT 0,
  policy_violations_operational_audited int NOT NULL DEFAULT 0,
  policy_violations_operational_unaudited int NOT NULL DEFAULT 0,
  inherited_risk_score double precision NOT NULL DEFAULT 0,
  first_occurrence timestamptz NOT NULL,
  last_occurrence timestamptz
);
-- A component's rows, its current one (last_occurrence NULL) among them. One current row per
-- component: every writer holds the metrics lock (no unique index to keep that on every row).
CREATE INDEX dependency_metrics_component_idx ON dependency_metrics (component_id, last_occurrence);
-- The current rows of a batch of projects: a run finds its components never measured with them.
CREATE INDEX dependency_metrics_current_idx ON dependency_metrics (project_id)
  WHERE last_occurrence IS NULL;
-- Most components count nothing; a run reads the current rows that count something.
CREATE INDEX dependency_metrics_counting_idx ON dependency_metrics (project_id)
  WHERE last_occurrence IS NULL
    AND (vulnerabilities > 0 OR suppressed > 0 OR policy_violations_total > 0);

-- A project's counters: the sum of its components', or of its children's newest rows for a
-- collection project.
CREATE TABLE project_metrics (
  id bigserial PRIMARY KEY,
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  components int NOT NULL DEFAULT 0,
  vulnerable_components int NOT NULL DEFAULT 0,
  critical int NOT NULL DEFAULT 0,
  high int NOT NULL DEFAULT 0,
  medium int NOT NULL DEFAULT 0,
  low int NOT NULL DEFAULT 0,
  unassigned int NOT NULL DEFAULT 0,
  vulnerabilities int NOT NULL DEFAULT 0,
  suppressed int NOT NULL DEFAULT 0,
  findings_total int NOT NULL DEFAULT 0,
  findings_audited int NOT NULL DEFAULT 0,
  findings_unaudited int NOT NULL DEFAULT 0,
  policy_violations_fail int NOT NULL DEFAULT 0,
  policy_violations_warn int NOT NULL DEFAULT 0,
  policy_violations_info int NOT NULL DEFAULT 0,
  policy_violations_total int NOT NULL DEFAULT 0,
  policy_violations_audited int NOT NULL DEFAULT 0,
  policy_violations_unaudited int NOT NULL DEFAULT 0,
  policy_violations_security_total int NOT NULL DEFAULT 0,
  policy_violations_security_audited int NOT NULL DEFAULT 0,
  policy_violations_security_unaudited int NOT NULL DEFAULT 0,
  policy_violations_license_total int NOT NULL DEFAULT 0,
  policy_violations_license_audited int NOT NULL DEFAULT 0,
  policy_violations_license_unaudited int NOT NULL DEFAULT 0,
  policy_violations_operational_total int NOT NULL DEFAULT 0,
  policy_violations_operational_audited int NOT NULL DEFAULT 0,
  policy_violations_operational_unaudited int NOT NULL DEFAULT 0,
  inherited_risk_score double precision NOT NULL DEFAULT 0,
  -- NULL for NONE, as on project.
  collection_logic text,
  collection_logic_changed boolean NOT NULL DEFAULT false,
  first_occurrence timestamptz NOT NULL,
  last_occurrence timestamptz NOT NULL
);
-- The newest row of a project (backwards) and its history since a date.
CREATE INDEX project_metrics_project_idx ON project_metrics (project_id, last_occurrence, id);

-- The portfolio's counters: the newest rows of the active projects that are not collections.
CREATE TABLE portfolio_metrics (
  id bigserial PRIMARY KEY,
  projects int NOT NULL DEFAULT 0,
  vulnerable_projects int NOT NULL DEFAULT 0,
  components int NOT NULL DEFAULT 0,
  vulnerable_components int NOT NULL DEFAULT 0,
  critical int NOT NULL DEFAULT 0,
  high int NOT NULL DEFAULT 0,
  medium int NOT NULL DEFAULT 0,
  low int NOT NULL DEFAULT 0,
  unassigned int NOT NULL DEFAULT 0,
  vulnerabilities int NOT NULL DEFAULT 0,
  suppressed int NOT NULL DEFAULT 0,
  findings_total int NOT NULL DEFAULT 0,
  findings_audited int NOT NULL DEFAULT 0,
  findings_unaudited int NOT NULL DEFAULT 0,
  policy_violations_fail int NOT NULL DEFAULT 0,
  policy_violations_warn int NOT NULL DEFAULT 0,
  policy_violations_info int NOT NULL DEFAULT 0,
  policy_violations_total int NOT NULL DEFAULT 0,
  policy_violations_audited int NOT NULL DEFAULT 0,
  policy_violations_unaudited int NOT NULL DEFAULT 0,
  policy_violations_security_total int NOT NULL DEFAULT 0,
  policy_violations_security_audited int NOT NULL DEFAULT 0,
  policy_violations_security_unaudited int NOT NULL DEFAULT 0,
  policy_violations_license_total int NOT NULL DEFAULT 0,
  policy_violations_license_audited int NOT NULL DEFAULT 0,
  policy_violations_license_unaudited int NOT NULL DEFAULT 0,
  policy_violations_operational_total int NOT NULL DEFAULT 0,
  policy_violations_operational_audited int NOT NULL DEFAULT 0,
  policy_violations_operational_unaudited int NOT NULL DEFAULT 0,
  inherited_risk_score double precision NOT NULL DEFAULT 0,
  first_occurrence timestamptz NOT NULL,
  last_occurrence timestamptz NOT NULL
);
CREATE INDEX portfolio_metrics_last_idx ON portfolio_metrics (last_occurrence, id);

-- Vulnerabilities in the catalogue by the year and month they were created (or published): a
-- year's total has month NULL. Replaced as a whole on each run.
CREATE TABLE vulnerability_metrics (
  id bigserial PRIMARY KEY,
  year int NOT NULL,
  month int,
  count int NOT NULL,
  measured_at timestamptz NOT NULL
);
CREATE INDEX vulnerability_metrics_period_idx ON vulnerability_metrics (year, month);

-- Audit decisions queue the metrics of the projects whose analyses changed since a moment.
CREATE INDEX analysis_updated_idx ON analysis (updated_at);
