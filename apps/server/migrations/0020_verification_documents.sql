-- Identity verification and player documents (BE-35, BE-36, KY-01..KY-04).
--
-- The player's verification status, set only by a verified provider webhook (and to 'pending'
-- when the player opens a session). The webhook events seen, by provider and event id, make a
-- redelivered event a no-op.
ALTER TABLE players ADD COLUMN verification_status text NOT NULL DEFAULT 'notStarted'
  CHECK (verification_status IN ('notStarted', 'pending', 'verified', 'rejected'));
ALTER TABLE players ADD COLUMN verification_updated_at timestamptz;

CREATE TABLE verification_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  player_id uuid NOT NULL REFERENCES players (id),
  type text NOT NULL,
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);

-- The sandbox verification provider's own book: one row per session (token), decided once on
-- its hosted page, the decision's event redelivered until the platform acknowledges it.
CREATE TABLE sandbox_verifications (
  token text PRIMARY KEY,
  applicant_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  event_id text,
  delivered_at timestamptz,
  delivery_attempts integer NOT NULL DEFAULT 0
);
CREATE INDEX sandbox_verifications_undelivered ON sandbox_verifications (decided_at)
  WHERE decided_at IS NOT NULL AND delivered_at IS NULL;

-- Uploaded documents: the file lives in the file-storage port under storage_key (server-made);
-- file_name is the player's name for display only. status: player.document.status.
CREATE TABLE player_documents (
  id uuid PRIMARY KEY,
  player_id uuid NOT NULL REFERENCES players (id),
  type text NOT NULL,
  status smallint NOT NULL DEFAULT 1,
  storage_key text NOT NULL UNIQUE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX player_documents_player ON player_documents (player_id, created_at DESC);
