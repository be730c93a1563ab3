-- Settings generated once per installation (JWT key, system UUID, cookie secret).
CREATE TABLE system_setting (
  name text PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE permission (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  description text NOT NULL
);

-- Managed, LDAP and OpenID Connect users share one table; kind says which.
CREATE TABLE app_user (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('MANAGED', 'LDAP', 'OIDC')),
  username text NOT NULL,
  password_hash text,
  fullname text,
  email text,
  suspended boolean NOT NULL DEFAULT false,
  force_password_change boolean NOT NULL DEFAULT false,
  non_expiry_password boolean NOT NULL DEFAULT false,
  last_password_change timestamptz,
  dn text,
  subject_identifier text,
  UNIQUE (kind, username)
);

CREATE TABLE user_permission (
  user_id bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  permission_id int NOT NULL REFERENCES permission (id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, permission_id)
);

CREATE TABLE team (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  name text NOT NULL
);

CREATE TABLE team_permission (
  team_id bigint NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  permission_id int NOT NULL REFERENCES permission (id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, permission_id)
);

CREATE TABLE team_membership (
  team_id bigint NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
  PRIMARY KEY (team_id, user_id)
);

CREATE TABLE api_key (
  id bigserial PRIMARY KEY,
  public_id text NOT NULL UNIQUE,
  secret_hash text NOT NULL,
  comment text,
  created timestamptz NOT NULL DEFAULT now(),
  last_used timestamptz,
  legacy boolean NOT NULL DEFAULT false
);

CREATE TABLE api_key_team (
  api_key_id bigint NOT NULL REFERENCES api_key (id) ON DELETE CASCADE,
  team_id bigint NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  PRIMARY KEY (api_key_id, team_id)
);

CREATE TABLE config_property (
  id bigserial PRIMARY KEY,
  group_name text NOT NULL,
  property_name text NOT NULL,
  property_value text,
  property_type text NOT NULL,
  description text,
  UNIQUE (group_name, property_name)
);

-- Failed sign-ins per account, so that every API process throttles the same way.
CREATE TABLE login_throttle (
  username text PRIMARY KEY,
  failures int NOT NULL DEFAULT 0,
  last_failure_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz
);

-- Durable jobs. A running job whose lease ran out belongs to a crashed worker and is taken again.
CREATE TABLE job (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}'::jsonb,
  chain_id uuid NOT NULL DEFAULT gen_random_uuid(),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  priority int NOT NULL DEFAULT 0,
  attempts int NOT NULL DEFAULT 0,
  max_attempts int NOT NULL DEFAULT 5,
  run_at timestamptz NOT NULL DEFAULT now(),
  locked_by text,
  locked_until timestamptz,
  singleton_key text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

CREATE INDEX job_ready_idx ON job (priority DESC, id) WHERE status = 'queued';
CREATE INDEX job_running_idx ON job (locked_until) WHERE status = 'running';
CREATE INDEX job_chain_idx ON job (chain_id) WHERE status IN ('queued', 'running');
CREATE UNIQUE INDEX job_singleton_idx ON job (singleton_key)
  WHERE singleton_key IS NOT NULL AND status IN ('queued', 'running');
