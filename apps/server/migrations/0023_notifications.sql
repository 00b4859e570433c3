-- Notifications (messenger) and contact messages (BE-40, BE-41, NT-01..NT-07, PR-07).
--
-- A message belongs to one player. The platform writes it in the transaction of what it is
-- about (a credited deposit, a paid withdrawal, later bonuses and level-ups), together with its
-- realtime event in event_outbox. `dedupe_key` makes a retried writer a no-op: one message per
-- player and key. A deleted message keeps its row (deleted_at) so its key still counts.

-- An operator's message to many players, once per operator key.
CREATE TABLE messenger_broadcasts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  operator_key text UNIQUE,
  kind text NOT NULL CHECK (kind IN ('promo', 'service')),
  title text NOT NULL,
  text text NOT NULL,
  link text,
  -- NULL: every player; otherwise the ids the operator named.
  player_ids uuid[],
  recipients integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL
);

CREATE TABLE messenger_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Write order: newest first is (created_at, seq) descending, also within one instant.
  seq bigint GENERATED ALWAYS AS IDENTITY,
  player_id uuid NOT NULL REFERENCES players (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind ~ '^[a-z][a-z0-9_-]{0,39}$'),
  title text NOT NULL,
  text text NOT NULL,
  link text,
  -- Placeholder values of the texts ({sum}, {currency}, ...), for localised content templates.
  params jsonb NOT NULL DEFAULT '{}'::jsonb,
  dedupe_key text,
  broadcast_id uuid REFERENCES messenger_broadcasts (id),
  created_at timestamptz NOT NULL,
  read_at timestamptz,
  deleted_at timestamptz
);
CREATE UNIQUE INDEX messenger_messages_dedupe ON messenger_messages (player_id, dedupe_key)
  WHERE dedupe_key IS NOT NULL;
-- The list (newest first) and the unread count of one player.
CREATE INDEX messenger_messages_player ON messenger_messages (player_id, created_at DESC, seq DESC)
  WHERE deleted_at IS NULL;
CREATE INDEX messenger_messages_unread ON messenger_messages (player_id)
  WHERE deleted_at IS NULL AND read_at IS NULL;

-- Messages sent with the contact form, kept whether or not the mail to the operator went out.
CREATE TABLE contact_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The signed-in player who wrote it, if any.
  player_id uuid REFERENCES players (id) ON DELETE SET NULL,
  name text NOT NULL,
  email text NOT NULL,
  subject text,
  message text NOT NULL,
  locale text,
  ip text,
  created_at timestamptz NOT NULL,
  -- When the copy to OPERATOR_MAILBOX was handed to the mail port.
  forwarded_at timestamptz
);
CREATE INDEX contact_messages_created ON contact_messages (created_at DESC);
