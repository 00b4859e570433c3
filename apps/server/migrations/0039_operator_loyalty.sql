-- The operator API for the loyalty programme (/api/operator/loyalty/levels, /earn-rules;
-- apps/server/src/modules/retention/operator-loyalty.ts): levels and earn rules as data, with
-- when the API last changed each row (NULL: as seeded), idempotent creates and an audit row per
-- write, as migrations 0030 and 0038 do for the rest of the operator's configuration.

ALTER TABLE loyalty_levels ADD COLUMN updated_at timestamptz;
ALTER TABLE loyalty_earn_rules ADD COLUMN updated_at timestamptz;

ALTER TABLE operator_keys DROP CONSTRAINT operator_keys_kind_check;
ALTER TABLE operator_keys ADD CONSTRAINT operator_keys_kind_check
  CHECK (kind IN ('bonus', 'bonus-code', 'quest', 'game-provider', 'game', 'game-collection',
                  'loyalty-level', 'loyalty-earn-rule'));

ALTER TABLE operator_changes DROP CONSTRAINT operator_changes_kind_check;
ALTER TABLE operator_changes ADD CONSTRAINT operator_changes_kind_check
  CHECK (kind IN ('bonus', 'bonus-code', 'bonus-game-rule', 'quest', 'game-provider', 'game',
                  'game-collection', 'game-collection-games', 'loyalty-level',
                  'loyalty-earn-rule'));
