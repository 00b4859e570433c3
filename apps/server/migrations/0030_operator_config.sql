-- The operator API for bonuses, bonus codes, bonus game rules and quests (/api/operator/...;
-- apps/server/src/modules/bonus/operator-*.ts, apps/server/src/modules/retention/operator-*.ts).
-- No audit table exists for operator changes, so every row an operator can write keeps when it
-- last changed (NULL: as seeded, never changed through the API). Switching a bonus, a code or a
-- quest off reuses the existing is_enabled columns; nothing is ever deleted but game rules.

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
