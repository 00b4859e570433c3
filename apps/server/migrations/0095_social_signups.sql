-- Issue 31 item 7: a first social sign-in no longer creates the account at once. The provider's
-- verified identity waits here (single use, short-lived) until the player has given the 18+ and
-- terms consent and chosen a country and currency; only the token's hash is stored.
CREATE TABLE social_signups (
  token_hash text PRIMARY KEY,
  provider text NOT NULL,
  subject text NOT NULL,
  email text,
  name text,
  locale text,
  fingerprint text,
  affiliate_tag text,
  created_at timestamptz NOT NULL,
  used_at timestamptz
);

CREATE INDEX social_signups_created_at ON social_signups (created_at);
