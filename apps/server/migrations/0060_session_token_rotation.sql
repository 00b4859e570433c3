-- Session tokens rotate on every refresh (ADR 0022). A replaced token is kept, hashed, as a
-- retired token of its session: presented again within the grace window (two tabs refreshing at
-- once) it still refreshes without a new token; later it is a reuse, and the session ends.
CREATE TABLE player_session_retired_tokens (
  -- SHA-256 (hex) of the replaced 32-byte token, like player_sessions.token_hash.
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES player_sessions (id) ON DELETE CASCADE,
  retired_at timestamptz NOT NULL
);
CREATE INDEX player_session_retired_tokens_session ON player_session_retired_tokens (session_id);
