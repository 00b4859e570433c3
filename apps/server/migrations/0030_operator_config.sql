-- The operator API for bonuses, bonus codes, bonus game rules and quests (/api/operator/...;
-- apps/server/src/modules/bonus/operator-*.ts, apps/server/src/modules/retention/operator-*.ts).
-- Every row an operator can write keeps when it last changed (NULL: as seeded, never changed
-- through the API), and operator_changes keeps what each write asked for. Switching a bonus, a
-- code or a quest off reuses the existing is_enabled columns; nothing is deleted but game rules.

ALTER TABLE bonuses ADD COLUMN updated_at timestamptz;
ALTER TABLE bonus_codes ADD COLUMN updated_at timestamptz;
ALTER TABLE bonus_game_rules ADD COLUMN updated_at timestamptz;
ALTER TABLE quests ADD COLUMN updated_at timestamptz;

-- Idempotency of the operator's creates: an optional `key` per request; a replay with the same
-- key (and kind) answers what the first request created and writes nothing.
CREATE TABLE operator_keys (
  kind text NOT NULL CHECK (kind IN ('bonus', 'bonus-code', 'quest')),
  key text NOT NULL,
  entity_id text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (kind, key)
);

-- The audit trail of the operator's configuration writes, in the transaction of the write: what
-- was asked (the request body, without the key) of which row. The operator API has one shared
-- token, so there is no "who" beyond the API itself.
CREATE TABLE operator_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('bonus', 'bonus-code', 'bonus-game-rule', 'quest')),
  entity_id text NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'put', 'delete')),
  changes jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL
);
CREATE INDEX operator_changes_entity ON operator_changes (kind, entity_id, id);
