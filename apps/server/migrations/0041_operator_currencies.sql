-- The operator API for currencies (/api/operator/currencies;
-- apps/server/src/modules/settings/operator-currencies.ts): exchange rates, symbol, visibility and
-- order as data, with when the API last changed each row and an audit row per write.
ALTER TABLE currencies ADD COLUMN updated_at timestamptz;

ALTER TABLE operator_changes DROP CONSTRAINT operator_changes_kind_check;
ALTER TABLE operator_changes ADD CONSTRAINT operator_changes_kind_check
  CHECK (kind IN ('bonus', 'bonus-code', 'bonus-game-rule', 'quest', 'game-provider', 'game',
                  'game-collection', 'game-collection-games', 'loyalty-level',
                  'loyalty-earn-rule', 'cashback', 'currency'));
