-- Social login (BE-17, BE-44): identities that providers vouch for, and the pending
-- authorization requests of the OpenID Connect flow (single use, short-lived).

CREATE TABLE social_identities (
  -- `oidc:<issuer>` for the identity service, `telegram` for the messaging-app login.
  provider text NOT NULL,
  subject text NOT NULL,
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  email text,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_login_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, subject)
);
CREATE INDEX social_identities_player ON social_identities (player_id);

CREATE TABLE social_auth_requests (
  -- SHA-256 (base64url) of the csrf value carried in `state`; the raw value is never stored.
  id text PRIMARY KEY,
  connection text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  used_at timestamptz
);
CREATE INDEX social_auth_requests_created ON social_auth_requests (created_at);
