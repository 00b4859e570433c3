-- Live support chat (issue 26): conversations of players, guests and the contact form, their
-- messages (internal notes included), the guests' identities, staff presence at the desk and
-- canned replies. Message ids are one sequence: within a conversation they grow in commit order
-- (a message is inserted after its conversation's row is locked), so a client catches up with
-- `after=<last id>`.
CREATE TABLE chat_guests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- SHA-256 (hex) of the cookie's 32 random bytes; the cookie itself is never stored.
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL
);

CREATE TABLE chat_conversations (
  id uuid PRIMARY KEY,
  source text NOT NULL CHECK (source IN ('chat', 'contact')),
  player_id uuid REFERENCES players(id),
  guest_id uuid REFERENCES chat_guests(id),
  guest_name text,
  -- Where replies go by e-mail while the player is away (a guest's, or the contact form's).
  email text,
  subject text,
  locale text,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  -- u<operator user id>, k<operator key id> or root; the name as it was when assigned.
  assignee_ref text,
  assignee_name text,
  last_message_id bigint,
  last_message_at timestamptz,
  last_player_message_at timestamptz,
  -- The player's oldest message not yet answered by staff; null when answered.
  waiting_since timestamptz,
  -- The last activity of the player or guest on the conversation (away: no e-mail otherwise).
  player_seen_at timestamptz,
  player_read_id bigint,
  staff_read_id bigint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- One chat conversation per player and per guest (contact-form ones are separate).
CREATE UNIQUE INDEX chat_conversations_player_chat ON chat_conversations (player_id)
  WHERE source = 'chat' AND player_id IS NOT NULL;
CREATE UNIQUE INDEX chat_conversations_guest ON chat_conversations (guest_id)
  WHERE guest_id IS NOT NULL;
CREATE INDEX chat_conversations_player ON chat_conversations (player_id);
CREATE INDEX chat_conversations_queue ON chat_conversations (status, updated_at DESC);

CREATE TABLE chat_messages (
  id bigserial PRIMARY KEY,
  conversation_id uuid NOT NULL REFERENCES chat_conversations(id),
  kind text NOT NULL CHECK (kind IN ('message', 'note')),
  author_type text NOT NULL CHECK (author_type IN ('player', 'guest', 'staff', 'system')),
  author_ref text,
  author_name text,
  text text NOT NULL,
  -- {storageKey, fileName, contentType, size} of an attachment, or null.
  attachment jsonb,
  client_id uuid,
  created_at timestamptz NOT NULL
);
CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);
CREATE UNIQUE INDEX chat_messages_client ON chat_messages (conversation_id, client_id)
  WHERE client_id IS NOT NULL;

CREATE TABLE chat_staff_presence (
  staff_ref text PRIMARY KEY,
  name text NOT NULL,
  last_seen_at timestamptz NOT NULL
);
CREATE INDEX chat_staff_presence_seen ON chat_staff_presence (last_seen_at);

CREATE TABLE chat_canned_replies (
  id uuid PRIMARY KEY,
  locale text NOT NULL,
  title text NOT NULL,
  text text NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX chat_canned_replies_locale ON chat_canned_replies (locale, title);
