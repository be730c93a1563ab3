-- Directory and single sign-on groups mapped to teams, and API keys that expire.

CREATE TABLE mapped_ldap_group (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  team_id bigint NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  dn text NOT NULL,
  UNIQUE (team_id, dn)
);
CREATE INDEX mapped_ldap_group_dn ON mapped_ldap_group (dn);

CREATE TABLE oidc_group (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  -- Unique on create only (4.13 does not check on rename), so no constraint here.
  name text NOT NULL
);
CREATE INDEX oidc_group_name ON oidc_group (name);

CREATE TABLE mapped_oidc_group (
  id bigserial PRIMARY KEY,
  uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
  team_id bigint NOT NULL REFERENCES team (id) ON DELETE CASCADE,
  group_id bigint NOT NULL REFERENCES oidc_group (id) ON DELETE CASCADE,
  UNIQUE (team_id, group_id)
);

-- Beyond 4.13 (DT#7316): a key may expire; null keeps 4.13's keys that never do.
ALTER TABLE api_key ADD COLUMN expires timestamptz;

-- Beyond 4.13 (DT#5023): the groups a directory or identity provider last reported for a user,
-- and when, so administrators can see why a user is or is not in a team.
ALTER TABLE app_user ADD COLUMN last_seen_groups text[];
ALTER TABLE app_user ADD COLUMN last_seen_groups_at timestamptz;
