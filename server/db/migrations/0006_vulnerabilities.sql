-- The vulnerability catalogue (mirrored sources and internal entries), what it affects, and the
-- findings that tie it to components. See docs/decisions/010-vulnerability-catalogue.md.

CREATE TABLE vulnerability (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  vuln_id text NOT NULL,
  source text NOT NULL,
  friendly_vuln_id text,
  title text,
  sub_title text,
  description text,
  detail text,
  recommendation text,
  "references" text,
  credits text,
  created timestamptz,
  published timestamptz,
  updated timestamptz,
  cwes integer[],
  cvss_v2_base_score numeric(3, 1),
  cvss_v2_impact_sub_score numeric(3, 1),
  cvss_v2_exploitability_sub_score numeric(3, 1),
  cvss_v2_vector text,
  cvss_v3_base_score numeric(3, 1),
  cvss_v3_impact_sub_score numeric(3, 1),
  cvss_v3_exploitability_sub_score numeric(3, 1),
  cvss_v3_vector text,
  -- Beyond 4.13: CVSS v4 is kept when a source gives it.
  cvss_v4_score numeric(3, 1),
  cvss_v4_vector text,
  owasp_rr_likelihood_score numeric(4, 2),
  owasp_rr_technical_impact_score numeric(4, 2),
  owasp_rr_business_impact_score numeric(4, 2),
  owasp_rr_vector text,
  severity text,
  vulnerable_versions text,
  patched_versions text,
  -- When the catalogue row itself last changed here (not the source's `updated`).
  stored_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (source, vuln_id)
);
CREATE INDEX vulnerability_vuln_id_lower_idx ON vulnerability (lower(vuln_id));
CREATE INDEX vulnerability_published_idx ON vulnerability (published);

-- One piece of affected software (a CPE or a purl, with an optional version range). Rows are
-- shared between vulnerabilities: `content_key` identifies identical content.
CREATE TABLE vulnerable_software (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  content_key text NOT NULL UNIQUE,
  purl text,
  purl_type text,
  purl_namespace text,
  purl_name text,
  purl_version text,
  purl_qualifiers text,
  purl_subpath text,
  cpe22 text,
  cpe23 text,
  part text,
  vendor text,
  product text,
  version text,
  "update" text,
  edition text,
  language text,
  sw_edition text,
  target_sw text,
  target_hw text,
  other text,
  version_end_excluding text,
  version_end_including text,
  version_start_excluding text,
  version_start_including text,
  vulnerable boolean NOT NULL DEFAULT true
);
CREATE INDEX vulnerable_software_purl_idx
  ON vulnerable_software (purl_type, purl_namespace, purl_name);
CREATE INDEX vulnerable_software_cpe_idx ON vulnerable_software (part, vendor, product);

-- Which source reports which software as affected by which vulnerability (4.13's
-- AffectedVersionAttribution). A vulnerability's vulnerable software is the set of rows here.
CREATE TABLE affected_version_attribution (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  vulnerability_id bigint NOT NULL REFERENCES vulnerability (id) ON DELETE CASCADE,
  vulnerable_software_id bigint NOT NULL REFERENCES vulnerable_software (id) ON DELETE CASCADE,
  source text NOT NULL,
  first_seen timestamptz NOT NULL DEFAULT now(),
  last_seen timestamptz NOT NULL DEFAULT now(),
  UNIQUE (vulnerability_id, vulnerable_software_id, source)
);
CREATE INDEX affected_version_attribution_software_idx
  ON affected_version_attribution (vulnerable_software_id);

-- One row per group of identifiers naming the same flaw.
CREATE TABLE vulnerability_alias (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  cve_id text,
  ghsa_id text,
  sonatype_id text,
  osv_id text,
  snyk_id text,
  gsd_id text,
  vuln_db_id text,
  internal_id text
);
CREATE INDEX vulnerability_alias_cve_idx ON vulnerability_alias (cve_id);
CREATE INDEX vulnerability_alias_ghsa_idx ON vulnerability_alias (ghsa_id);
CREATE INDEX vulnerability_alias_sonatype_idx ON vulnerability_alias (sonatype_id);
CREATE INDEX vulnerability_alias_osv_idx ON vulnerability_alias (osv_id);
CREATE INDEX vulnerability_alias_snyk_idx ON vulnerability_alias (snyk_id);
CREATE INDEX vulnerability_alias_gsd_idx ON vulnerability_alias (gsd_id);
CREATE INDEX vulnerability_alias_vuln_db_idx ON vulnerability_alias (vuln_db_id);
CREATE INDEX vulnerability_alias_internal_idx ON vulnerability_alias (internal_id);

-- EPSS scores by CVE id (4.13 shows them on NVD-source vulnerabilities).
CREATE TABLE epss_score (
  cve_id text PRIMARY KEY,
  score numeric(6, 5) NOT NULL,
  percentile numeric(6, 5) NOT NULL
);

-- Beyond 4.13: CISA's Known Exploited Vulnerabilities catalogue, by CVE id.
CREATE TABLE known_exploited_vulnerability (
  cve_id text PRIMARY KEY,
  vendor_project text,
  product text,
  vulnerability_name text,
  date_added date NOT NULL,
  short_description text,
  required_action text,
  due_date date,
  known_ransomware_campaign_use text,
  notes text,
  cwes text[]
);

-- A component affected by a vulnerability (4.13's component-vulnerability link with its
-- FindingAttribution).
CREATE TABLE finding (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
  vulnerability_id bigint NOT NULL REFERENCES vulnerability (id) ON DELETE CASCADE,
  analyzer_identity text NOT NULL,
  attributed_on timestamptz NOT NULL DEFAULT now(),
  alternate_identifier text,
  reference_url text,
  UNIQUE (component_id, vulnerability_id)
);
CREATE INDEX finding_vulnerability_idx ON finding (vulnerability_id);
CREATE INDEX finding_project_idx ON finding (project_id);

-- The audit decision on a finding; `suppressed` findings are left out of counts.
CREATE TABLE analysis (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  project_id bigint NOT NULL REFERENCES project (id) ON DELETE CASCADE,
  component_id bigint NOT NULL REFERENCES component (id) ON DELETE CASCADE,
  vulnerability_id bigint NOT NULL REFERENCES vulnerability (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'NOT_SET',
  justification text,
  response text,
  details text,
  suppressed boolean NOT NULL DEFAULT false,
  UNIQUE (component_id, vulnerability_id)
);

-- Progress of each vulnerability source's mirror: what a run has committed so far (`position`,
-- where a killed run resumes) and how the last runs went.
CREATE TABLE mirror_state (
  source text PRIMARY KEY,
  status text NOT NULL DEFAULT 'IDLE',
  position jsonb,
  records_done bigint NOT NULL DEFAULT 0,
  records_total bigint,
  current_step text,
  started_at timestamptz,
  finished_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
