-- Bearer tokens ended by sign-out; a row lives until the token would have expired anyway.
CREATE TABLE revoked_token (
  token_id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

CREATE INDEX revoked_token_expires_at ON revoked_token (expires_at);
